/// One break of an invariant found on a run's timeline: which invariant, when (virtual time), and
/// what the user saw.
public struct InvariantViolation: Sendable, Hashable, CustomStringConvertible {
  /// The invariant broken.
  public var invariant: Invariant
  /// Virtual time of the event that broke it.
  public var time: Duration
  /// What happened, in terms of what the user saw.
  public var message: String
  /// Whether the run lacks (or cannot read) the events the invariant reads, so it could not be checked.
  public var cannotBeChecked: Bool
  /// The trap the evidence of this break points at: the invariant's own (``Invariant/trap``) unless
  /// the check saw something more precise; nil when the evidence points at no known trap.
  public var pointsAt: String?

  /// Creates a violation.
  /// - Parameters:
  ///   - invariant: The invariant broken.
  ///   - time: Virtual time of the event that broke it.
  ///   - message: What happened.
  ///   - cannotBeChecked: Whether the invariant's input events are missing or unreadable.
  public init(_ invariant: Invariant, at time: Duration, _ message: String, cannotBeChecked: Bool = false) {
    self.invariant = invariant
    self.time = time
    self.message = message
    self.cannotBeChecked = cannotBeChecked
    self.pointsAt = invariant.trap
  }

  /// Creates a violation whose evidence points at `trap` (nil: at no known trap) rather than at
  /// the invariant's usual one.
  /// - Parameters:
  ///   - invariant: The invariant broken.
  ///   - time: Virtual time of the event that broke it.
  ///   - message: What happened.
  ///   - trap: The trap the evidence points at, or nil.
  public init(_ invariant: Invariant, at time: Duration, _ message: String, pointingAt trap: String?) {
    self.init(invariant, at: time, message)
    self.pointsAt = trap
  }

  /// `invariant 'no-stutter' broken at 1.200s: … (trap)`.
  public var description: String {
    if cannotBeChecked { return "invariant '\(invariant)' cannot be checked at \(Timeline.seconds(time)): \(message)" }
    guard let pointsAt else { return "invariant '\(invariant)' broken at \(Timeline.seconds(time)): \(message)" }
    return "invariant '\(invariant)' broken at \(Timeline.seconds(time)): \(message); this points at \(pointsAt)"
  }
}
