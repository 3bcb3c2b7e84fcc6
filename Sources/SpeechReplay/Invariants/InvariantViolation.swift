/// One break of an invariant found on a run's timeline: which invariant, when (virtual time), and
/// what the user saw.
public struct InvariantViolation: Sendable, Hashable, CustomStringConvertible {
  /// The invariant broken.
  public var invariant: Invariant
  /// Virtual time of the event that broke it.
  public var time: Duration
  /// What happened, in terms of what the user saw.
  public var message: String

  /// Creates a violation.
  /// - Parameters:
  ///   - invariant: The invariant broken.
  ///   - time: Virtual time of the event that broke it.
  ///   - message: What happened.
  public init(_ invariant: Invariant, at time: Duration, _ message: String) {
    self.invariant = invariant
    self.time = time
    self.message = message
  }

  /// `invariant 'no-stutter' broken at 1.200s: … (trap)`.
  public var description: String {
    "invariant '\(invariant)' broken at \(Timeline.seconds(time)): \(message); this points at \(invariant.trap)"
  }
}
