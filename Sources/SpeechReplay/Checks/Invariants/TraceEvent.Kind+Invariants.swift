public import Simulation

extension TraceEvent.Kind {
  /// The stack's analyzer input queue, as a subject that reports it says (fields `queued`, `peak`,
  /// `dropped`, `limit`; limit 0 when unbounded). Recorded when it changes, at UI changes and steps.
  public static let stackInput = TraceEvent.Kind("stack.input")
}
