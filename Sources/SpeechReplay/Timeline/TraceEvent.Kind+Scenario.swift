public import Simulation

extension TraceEvent.Kind {
  /// The subject's UI state changed (fields `phase`, `microphone`, `committed`, `volatile`, `audio`).
  public static let uiState = TraceEvent.Kind("ui.state")
  /// The runner began a step (fields `step`, `line`).
  public static let scenarioStep = TraceEvent.Kind("scenario.step")
  /// A `snapshot:` step recorded the UI state (field `name`).
  public static let scenarioSnapshot = TraceEvent.Kind("scenario.snapshot")
  /// One pass of a `cycle:` began (fields `pass`, `of`).
  public static let scenarioCycle = TraceEvent.Kind("scenario.cycle")
  /// The subject's `start()` or `stop()` returned (field `call`).
  public static let subjectReturned = TraceEvent.Kind("subject.returned")
}
