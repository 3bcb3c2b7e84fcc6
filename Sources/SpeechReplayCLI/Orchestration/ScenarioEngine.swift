import SpeechReplay

/// The three things the command line asks of scenarios — name, run, explain — as values, so the
/// orchestration can be tested with any engine.
///
/// The CLI uses ``ScenarioEngine/runner(_:)`` over the subject `--subject` chooses.
///
/// ```swift
/// let engine = ScenarioEngine.runner(ScenarioRunner(subject: .reference))
/// let name = try engine.name("Scenarios/offline.yaml")
/// let result = engine.run("Scenarios/offline.yaml", 42)
/// ```
package struct ScenarioEngine: Sendable {
  /// Loads a scenario file and returns its name.
  ///
  /// Throws an error whose description is `file:line:column: message` when the file is invalid.
  package var name: @Sendable (_ file: String) throws -> String
  /// Runs one scenario in this process; never throws (an invalid file is a `failed` result).
  ///
  /// The second argument overrides the scenario's own seed when it is not `nil`.
  package var run: @Sendable (_ file: String, _ seed: UInt64?) -> ScenarioResult
  /// Runs one scenario and returns its event timeline in readable form.
  package var explain: @Sendable (_ file: String, _ seed: UInt64?) throws -> String

  /// Creates an engine from its three operations.
  ///
  /// - Parameters:
  ///   - name: Loads a file and returns the scenario's name, or throws a located error.
  ///   - run: Runs one file with an optional seed override and returns its result.
  ///   - explain: Runs one file and returns the readable timeline, or throws a located error.
  package init(
    name: @escaping @Sendable (_ file: String) throws -> String,
    run: @escaping @Sendable (_ file: String, _ seed: UInt64?) -> ScenarioResult,
    explain: @escaping @Sendable (_ file: String, _ seed: UInt64?) throws -> String
  ) {
    self.name = name
    self.run = run
    self.explain = explain
  }
}
