public import Simulation

/// `scenario.step`: the runner began a step (the typed view of ``Simulation/TraceEvent/Kind/scenarioStep``).
public struct ScenarioStepEvent: TypedTraceEvent {
  public static let kind = TraceEvent.Kind.scenarioStep

  /// The step as `Scenario.Step.description` writes it: `start`, `play: 2s`, `route: 16000 Hz, 1 channel`, ….
  public var step: String
  /// The step's line in the scenario file.
  public var line: Int

  /// Creates the event.
  /// - Parameters:
  ///   - step: The step's description.
  ///   - line: Its line in the scenario file.
  public init(step: String, line: Int) {
    self.step = step
    self.line = line
  }

  /// The event for `step`.
  /// - Parameter step: The scenario step.
  package init(_ step: Scenario.Step) {
    self.init(step: step.description, line: step.location.line)
  }

  /// Whether the step is `start`.
  public var isStart: Bool { step == "start" }
  /// Whether the step is `stop`.
  public var isStop: Bool { step == "stop" }
  /// Whether the step is an `interrupt:`.
  public var isInterruption: Bool { step.hasPrefix("interrupt:") }
  /// Whether the step is a `route:` change.
  public var isRouteChange: Bool { step.hasPrefix("route:") }
  /// The new hardware sample rate of a `route:` step, or nil for other steps.
  public var routeSampleRate: Double? {
    guard step.hasPrefix("route: ") else { return nil }
    return Double(step.dropFirst(7).prefix { $0.isNumber || $0 == "." })
  }

  public init?(fields: [TraceEvent.Field]) {
    guard let step = fields.value("step"), let line = fields.int("line") else { return nil }
    self.init(step: step, line: line)
  }

  public var fields: [TraceEvent.Field] { [.init("step", step), .init("line", String(line))] }
}
