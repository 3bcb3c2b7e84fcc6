/// One buffer the microphone's tap handed the app: when (virtual seconds), where on the capture
/// timeline, and its span of reference samples.
public struct TapDelivery: Sendable, Hashable {
  /// Its place in the run's sequence of tap buffers, from 0.
  public var index: Int
  /// Virtual seconds at which the tap block was called.
  public var virtualTime: Double
  /// Seconds into the capture at which it starts.
  public var captureStart: Double
  /// Its frames at the hardware rate.
  public var frames: Int
  /// The hardware rate.
  public var sampleRate: Double
  /// Its span of reference samples.
  public var span: Range<Int>
  /// The sequence number of its `engine.buffer` trace event, to place it among the UI states.
  public var traceSequence: Int?
}
