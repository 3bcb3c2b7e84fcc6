import CoreMediaTwin

extension ModelScript {
  /// Something going wrong in the model at a point of the audio.
  public enum Fault: Sendable, Hashable {
    /// Once audio up to `at` is consumed the analysis fails with `failure` (after `delay`).
    case error(at: CMTime, failure: ModelFailure, delay: Duration = .zero)
    /// The model blocks for `duration` when it reaches `at`: outputs triggered by audio from `at`
    /// until `at + duration` are held back until that much virtual time has passed.
    case stall(at: CMTime, duration: Duration)
    /// Outputs triggered by audio in `[from, to)` are published `extra` later than usual.
    case latencySpike(from: CMTime, to: CMTime, extra: Duration)
  }
}
