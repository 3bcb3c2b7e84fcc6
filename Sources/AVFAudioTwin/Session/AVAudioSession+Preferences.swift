import Foundation
import Simulation

extension AVAudioSession {
  /// The hardware sample rate the app asked for (0 until it asks).
  public var preferredSampleRate: Double { lock.withLock { state.preferredSampleRate } }

  /// Asks for a hardware sample rate. The simulated hardware keeps the rate of its input (as a
  /// device may); read ``sampleRate`` for the rate in use.
  /// - Parameter sampleRate: The rate in Hz.
  /// - Throws: `NSError` ``ErrorCode/badParam`` for a negative or non-finite rate.
  public func setPreferredSampleRate(_ sampleRate: Double) throws {
    guard sampleRate >= 0, sampleRate.isFinite else {
      throw Self.error(.badParam, "the preferred sample rate \(sampleRate) is not a rate; give Hz, for example 48000")
    }
    lock.withLock { state.preferredSampleRate = sampleRate }
    Simulation.current?.trace.record(.sessionPreferredSampleRate, ["sampleRate": String(sampleRate)])
  }

  /// The I/O buffer duration the app asked for, in seconds (0 until it asks).
  public var preferredIOBufferDuration: TimeInterval { lock.withLock { state.preferredIOBufferDuration } }

  /// Asks for an I/O buffer duration.
  /// - Parameter duration: Seconds.
  /// - Throws: `NSError` ``ErrorCode/badParam`` for a negative or non-finite duration.
  public func setPreferredIOBufferDuration(_ duration: TimeInterval) throws {
    guard duration >= 0, duration.isFinite else {
      throw Self.error(.badParam, "the preferred I/O buffer duration \(duration) is not a duration in seconds")
    }
    lock.withLock { state.preferredIOBufferDuration = duration }
    Simulation.current?.trace.record(.sessionPreferredIOBufferDuration, ["seconds": String(duration)])
  }

  /// The I/O buffer duration in use: the preferred one held to 0.005…0.093 s, or 1024 frames at
  /// the hardware rate when none was asked for. (The engine's tap cadence is the simulated
  /// device's `tapFrames`, not this.)
  public var ioBufferDuration: TimeInterval {
    let preferred = preferredIOBufferDuration
    guard preferred > 0 else { return 1_024 / sampleRate }
    return min(0.093, max(0.005, preferred))
  }
}
