import Foundation

/// A moment on an audio timeline, as a sample time at a rate, a host time, or both — the twin of
/// `AVAudioTime`.
///
/// Host time in the twin is nanoseconds of the simulated device's clock (virtual time inside a
/// simulation); `hostTime(forSeconds:)` and `seconds(forHostTime:)` convert with that unit.
public final class AVAudioTime: NSObject, @unchecked Sendable {
  /// The time in samples at ``sampleRate``; meaningful when ``isSampleTimeValid``.
  public let sampleTime: AVAudioFramePosition
  /// The rate of ``sampleTime``.
  public let sampleRate: Double
  /// The host clock time; meaningful when ``isHostTimeValid``.
  public let hostTime: UInt64
  /// True when the time carries a sample time.
  public let isSampleTimeValid: Bool
  /// True when the time carries a host time.
  public let isHostTimeValid: Bool

  /// Creates a time from a sample position at a rate.
  public init(sampleTime: AVAudioFramePosition, atRate sampleRate: Double) {
    self.sampleTime = sampleTime
    self.sampleRate = sampleRate
    self.hostTime = 0
    self.isSampleTimeValid = true
    self.isHostTimeValid = false
  }

  /// Creates a time from a host time.
  public init(hostTime: UInt64) {
    self.sampleTime = 0
    self.sampleRate = 0
    self.hostTime = hostTime
    self.isSampleTimeValid = false
    self.isHostTimeValid = true
  }

  /// Creates a time that carries both a host time and a sample time.
  public init(hostTime: UInt64, sampleTime: AVAudioFramePosition, atRate sampleRate: Double) {
    self.sampleTime = sampleTime
    self.sampleRate = sampleRate
    self.hostTime = hostTime
    self.isSampleTimeValid = true
    self.isHostTimeValid = true
  }

  /// Fills in what this time lacks from an anchor that has both, or nil when that is impossible.
  ///
  /// A sample-only time gets a host time, a host-only time gets a sample time at the anchor's rate.
  public func extrapolateTime(fromAnchor anchorTime: AVAudioTime) -> AVAudioTime? {
    guard anchorTime.isSampleTimeValid, anchorTime.isHostTimeValid, anchorTime.sampleRate > 0 else { return nil }
    if isSampleTimeValid && isHostTimeValid { return self }
    if isSampleTimeValid {
      let rate = sampleRate > 0 ? sampleRate : anchorTime.sampleRate
      let anchorSamples = Double(anchorTime.sampleTime) * rate / anchorTime.sampleRate
      let seconds = (Double(sampleTime) - anchorSamples) / rate
      let host = Int64(anchorTime.hostTime) + Int64((seconds * 1e9).rounded())
      return AVAudioTime(hostTime: UInt64(max(0, host)), sampleTime: sampleTime, atRate: rate)
    }
    let seconds = (Double(hostTime) - Double(anchorTime.hostTime)) / 1e9
    let samples = anchorTime.sampleTime + AVAudioFramePosition((seconds * anchorTime.sampleRate).rounded())
    return AVAudioTime(hostTime: hostTime, sampleTime: samples, atRate: anchorTime.sampleRate)
  }

  /// Host ticks (nanoseconds in the twin) for a duration in seconds.
  public class func hostTime(forSeconds seconds: TimeInterval) -> UInt64 {
    UInt64(max(0, (seconds * 1e9).rounded()))
  }

  /// Seconds for a number of host ticks (nanoseconds in the twin).
  public class func seconds(forHostTime hostTime: UInt64) -> TimeInterval {
    Double(hostTime) / 1e9
  }

  /// `<AVAudioTime: sampleTime 4800 @ 48000 Hz, hostTime 100000000 ns>` (the parts that are valid).
  public override var description: String {
    var parts: [String] = []
    if isSampleTimeValid { parts.append("sampleTime \(sampleTime) @ \(Int(sampleRate)) Hz") }
    if isHostTimeValid { parts.append("hostTime \(hostTime) ns") }
    return "<AVAudioTime: \(parts.joined(separator: ", "))>"
  }
}
