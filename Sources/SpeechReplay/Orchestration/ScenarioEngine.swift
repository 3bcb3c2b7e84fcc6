/// The three things the command line asks of scenarios — name, run, explain — as values, so the
/// orchestration can be tested with any engine and an app can plug in its own subject.
///
/// The CLI uses ``ScenarioEngine/reference``, which drives the reference stack through the runner.
///
/// ```swift
/// let engine = ScenarioEngine.reference
/// let name = try engine.name("Scenarios/offline.yaml")
/// let result = engine.run("Scenarios/offline.yaml", 42)
/// ```
public struct ScenarioEngine: Sendable {
  /// Loads a scenario file and returns its name.
  ///
  /// Throws an error whose description is `file:line:column: message` when the file is invalid.
  public var name: @Sendable (_ file: String) throws -> String
  /// Runs one scenario in this process; never throws (an invalid file is a `failed` result).
  ///
  /// The second argument overrides the scenario's own seed when it is not `nil`.
  public var run: @Sendable (_ file: String, _ seed: UInt64?) -> ScenarioResult
  /// Runs one scenario and returns its event timeline in readable form.
  public var explain: @Sendable (_ file: String, _ seed: UInt64?) throws -> String

  /// Creates an engine from its three operations.
  ///
  /// - Parameters:
  ///   - name: Loads a file and returns the scenario's name, or throws a located error.
  ///   - run: Runs one file with an optional seed override and returns its result.
  ///   - explain: Runs one file and returns the readable timeline, or throws a located error.
  public init(
    name: @escaping @Sendable (_ file: String) throws -> String,
    run: @escaping @Sendable (_ file: String, _ seed: UInt64?) -> ScenarioResult,
    explain: @escaping @Sendable (_ file: String, _ seed: UInt64?) throws -> String
  ) {
    self.name = name
    self.run = run
    self.explain = explain
  }
}
