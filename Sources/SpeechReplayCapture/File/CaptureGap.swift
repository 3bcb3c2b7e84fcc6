/// Audio missing from a capture: tap buffers the recorder dropped because its ring was full (the
/// writer fell behind), or a jump in sample time inside one engine run.
public struct CaptureGap: Sendable, Hashable, CustomStringConvertible {
  /// Why the audio is missing.
  public enum Reason: String, Sendable, Hashable, Codable {
    /// The recorder's ring was full; the buffers were counted and dropped.
    case ringOverflow
    /// The next buffer's sample time jumped past the end of the one before (the device skipped).
    case sampleTimeJump
  }

  /// Index of the first buffer after the gap (nil: the gap is at the end of the capture).
  public var beforeBuffer: Int?
  /// Buffers missing (0 when unknown, for a sample-time jump).
  public var buffers: Int
  /// Frames missing, at the rate of the buffers around the gap.
  public var frames: Int
  /// Where the gap starts on the capture's audio timeline, in seconds.
  public var audioTime: Double
  /// Why the audio is missing.
  public var reason: Reason

  /// Creates a gap.
  public init(beforeBuffer: Int?, buffers: Int, frames: Int, audioTime: Double, reason: Reason) {
    self.beforeBuffer = beforeBuffer
    self.buffers = buffers
    self.frames = frames
    self.audioTime = audioTime
    self.reason = reason
  }

  /// `at 3.200 s: 2 buffers (9600 frames) dropped (ring overflow)`.
  public var description: String {
    let time = audioTime.formatted(.number.precision(.fractionLength(3)))
    switch reason {
    case .ringOverflow: return "at \(time) s: \(buffers) buffers (\(frames) frames) dropped (ring overflow)"
    case .sampleTimeJump: return "at \(time) s: \(frames) frames missing (sample time jumped)"
    }
  }
}
