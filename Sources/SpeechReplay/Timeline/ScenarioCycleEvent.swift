public import Simulation

/// `scenario.cycle`: one pass of a `cycle:` step began (the typed view of ``Simulation/TraceEvent/Kind/scenarioCycle``).
public struct ScenarioCycleEvent: TypedTraceEvent {
  public static let kind = TraceEvent.Kind.scenarioCycle

  /// The pass, from 1.
  public var pass: Int
  /// How many passes the cycle has.
  public var count: Int

  /// Creates the event.
  /// - Parameters:
  ///   - pass: The pass, from 1.
  ///   - count: How many passes the cycle has.
  public init(pass: Int, of count: Int) {
    self.pass = pass
    self.count = count
  }

  public init?(fields: [TraceEvent.Field]) {
    guard let pass = fields.int("pass"), let count = fields.int("of") else { return nil }
    self.init(pass: pass, of: count)
  }

  public var fields: [TraceEvent.Field] { [.init("pass", String(pass)), .init("of", String(count))] }
}
