extension Simulation {
  /// The result of running the same body twice: both reports and where their traces first differ.
  public struct SelfCheck<Value: Sendable>: Sendable {
    /// The first run.
    public var first: Report<Value>
    /// The second run.
    public var second: Report<Value>
    /// Where the second trace first differs from the first, or nil when they are identical.
    public var divergence: TraceDivergence?

    /// Whether both runs gave the same trace, finished the same way and had no escapes.
    public var isDeterministic: Bool {
      divergence == nil && first.outcome == second.outcome && first.isDeterministic && second.isDeterministic
    }
  }

  /// Runs `body` twice in sequence with the same configuration and compares the traces.
  ///
  /// ```swift
  /// let check = try Simulation.selfCheck(.init(seed: 1)) { await scenario() }
  /// #expect(check.divergence == nil, "\(check.divergence!)")
  /// ```
  /// - Parameters:
  ///   - configuration: Used for both runs.
  ///   - body: The code to simulate; it must build its own state on each call.
  /// - Returns: Both reports and the first divergence, if any.
  /// - Throws: `SimulationError` when a run cannot start.
  public static func selfCheck<Value: Sendable>(
    _ configuration: Configuration = Configuration(),
    _ body: @escaping @Sendable () async throws -> Value
  ) throws(SimulationError) -> SelfCheck<Value> {
    let first = try run(configuration, body)
    let second = try run(configuration, body)
    return SelfCheck(first: first, second: second, divergence: second.trace.firstDivergence(from: first.trace))
  }
}
