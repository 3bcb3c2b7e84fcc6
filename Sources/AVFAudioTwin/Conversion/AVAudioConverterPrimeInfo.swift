/// How many input frames a sample-rate converter's filter needs around the nominal range.
public struct AVAudioConverterPrimeInfo: Sendable, Hashable {
  /// Input frames the filter needs before the first one converted.
  public var leadingFrames: AVAudioFrameCount
  /// Input frames the filter needs after the last one converted (its read-ahead).
  public var trailingFrames: AVAudioFrameCount

  /// Creates prime information with no leading or trailing frames.
  public init() {
    leadingFrames = 0
    trailingFrames = 0
  }

  /// Creates prime information.
  ///
  /// - Parameters:
  ///   - leadingFrames: Input frames needed before the first converted frame.
  ///   - trailingFrames: Input frames needed after the last converted frame.
  public init(leadingFrames: AVAudioFrameCount, trailingFrames: AVAudioFrameCount) {
    self.leadingFrames = leadingFrames
    self.trailingFrames = trailingFrames
  }
}
