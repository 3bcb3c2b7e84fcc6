public import Simulation

/// `scenario.snapshot`: a `snapshot:` step recorded the UI state (the typed view of
/// ``Simulation/TraceEvent/Kind/scenarioSnapshot``).
public struct ScenarioSnapshotEvent: TypedTraceEvent {
  public static let kind = TraceEvent.Kind.scenarioSnapshot

  /// The snapshot's name.
  public var name: String

  /// Creates the event.
  /// - Parameter name: The snapshot's name.
  public init(name: String) { self.name = name }

  public init?(fields: [TraceEvent.Field]) {
    guard let name = fields.value("name") else { return nil }
    self.init(name: name)
  }

  public var fields: [TraceEvent.Field] { [.init("name", name)] }
}
