public import SpeechReplay
public import Testing

/// Runs a scenario file against a subject inside a Swift Testing test and records one issue per
/// failure, each with the scenario's `file:line:column: message`.
///
/// ```swift
/// @Test func helloWorld() {
///   expectScenario(at: "Scenarios/hello-world.yaml", subject: .myDictation)
/// }
/// ```
///
/// Call it from a synchronous test: the simulation runs on the calling thread (see
/// `Documentation/Simulation.md`); suites that run several scenarios should be `.serialized`.
/// - Parameters:
///   - path: The scenario file (relative to the current directory, or absolute).
///   - subject: Makes the stack under test.
///   - seed: Overrides the scenario's seed.
///   - snapshots: Where golden snapshots are kept and when they are written; the runner's default when `nil`.
///   - sourceLocation: Where issues are reported; the caller by default.
/// - Returns: The result, for further checks.
@discardableResult
public func expectScenario(
  at path: String, subject: SubjectFactory, seed: UInt64? = nil, snapshots: SnapshotOptions? = nil,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> ScenarioResult {
  let result = ScenarioRunner(subject: subject, snapshots: snapshots).run(fileAt: path, seed: seed)
  for message in ScenarioResult.testMessages(result) {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
  return result
}

/// Runs a scenario file named relative to the test file (`#filePath`), so the test finds it
/// whatever the working directory is.
///
/// ```swift
/// // Tests/DictationTests/DictationScenarioTests.swift
/// @Test func helloWorld() {
///   expectScenario("Scenarios/hello-world.yaml", subject: .myDictation)  // Tests/DictationTests/Scenarios/hello-world.yaml
/// }
/// ```
/// - Parameters:
///   - path: The scenario file, relative to the folder of the calling file (or absolute).
///   - subject: Makes the stack under test.
///   - seed: Overrides the scenario's seed.
///   - snapshots: Where golden snapshots are kept and when they are written; the runner's default when `nil`.
///   - filePath: The calling file; `#filePath` by default.
///   - sourceLocation: Where issues are reported; the caller by default.
/// - Returns: The result, for further checks.
@discardableResult
public func expectScenario(
  _ path: String, subject: SubjectFactory, seed: UInt64? = nil, snapshots: SnapshotOptions? = nil,
  filePath: String = #filePath,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> ScenarioResult {
  expectScenario(
    at: ScenarioPath.resolve(path, relativeTo: filePath), subject: subject, seed: seed, snapshots: snapshots,
    sourceLocation: sourceLocation)
}
