extension Perturbation {
  /// What the user does at a moment, inserted as steps.
  package enum TapPattern: String, Sendable, Hashable, CaseIterable {
    /// A second `start` (the stack is already starting or listening).
    case doubleStart
    /// `stop`, then `start` at once.
    case stopStart
    /// `stop`, `start`, `stop` (while the new start is still preparing), `start`.
    case stopDuringPreparing
    /// `stop` and `start` three times in a row.
    case burst
    /// `stop`, `dismiss` (the user leaves the screen: the subject must be freed), `start` (a new one).
    case dismissReopen
  }
}
