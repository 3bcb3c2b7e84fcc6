/// A stretch of audio an analyzer accepted, reduced to its extremes: what the report's "analyzer
/// heard" lane draws beside the microphone's waveform. At most one comparison block (20 ms) long.
public struct ReceivedAudioBlock: Sendable, Hashable, Codable {
  /// Virtual seconds at which the analyzer received the buffer the block belongs to.
  public var virtualTime: Double
  /// Where the block starts on the analyzer's timeline, in seconds.
  public var analyzerTime: Double
  /// The block's length in seconds.
  public var seconds: Double
  /// Its smallest sample (full scale ±1).
  public var low: Float
  /// Its largest sample.
  public var high: Float

  /// Creates a block.
  public init(virtualTime: Double, analyzerTime: Double, seconds: Double, low: Float, high: Float) {
    self.virtualTime = virtualTime
    self.analyzerTime = analyzerTime
    self.seconds = seconds
    self.low = low
    self.high = high
  }
}
