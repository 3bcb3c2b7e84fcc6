public import SpeechReplay
import XCTest

/// Runs a scenario file against a subject inside an XCTest method and calls `XCTFail` once per
/// failure, each with the scenario's `file:line:column: message`.
///
/// ```swift
/// func testHelloWorld() {
///   assertScenario(at: "Scenarios/hello-world.yaml", subject: .myDictation)
/// }
/// ```
/// - Parameters:
///   - path: The scenario file (relative to the current directory, or absolute).
///   - subject: Makes the stack under test.
///   - seed: Overrides the scenario's seed.
///   - snapshots: Where golden snapshots are kept and when they are written; the runner's default when `nil`.
///   - file: Where failures are reported; the caller by default.
///   - line: Where failures are reported; the caller by default.
/// - Returns: The result, for further checks.
@discardableResult
public func assertScenario(
  at path: String, subject: SubjectFactory, seed: UInt64? = nil, snapshots: SnapshotOptions? = nil,
  file: StaticString = #filePath, line: UInt = #line
) -> ScenarioResult {
  let result = ScenarioRunner(subject: subject, snapshots: snapshots).run(fileAt: path, seed: seed)
  for message in ScenarioResult.testMessages(result) {
    XCTFail(message, file: file, line: line)
  }
  return result
}

/// Runs a scenario file named relative to the test file (`#filePath`), whatever the working directory.
///
/// ```swift
/// func testHelloWorld() {
///   assertScenario("Scenarios/hello-world.yaml", subject: .myDictation)  // beside this test file
/// }
/// ```
/// - Parameters:
///   - path: The scenario file, relative to the folder of the calling file (or absolute).
///   - subject: Makes the stack under test.
///   - seed: Overrides the scenario's seed.
///   - snapshots: Where golden snapshots are kept and when they are written; the runner's default when `nil`.
///   - file: The calling file: where failures are reported and what `path` is relative to.
///   - line: Where failures are reported; the caller by default.
/// - Returns: The result, for further checks.
@discardableResult
public func assertScenario(
  _ path: String, subject: SubjectFactory, seed: UInt64? = nil, snapshots: SnapshotOptions? = nil,
  file: StaticString = #filePath, line: UInt = #line
) -> ScenarioResult {
  assertScenario(
    at: ScenarioPath.resolve(path, relativeTo: "\(file)"), subject: subject, seed: seed, snapshots: snapshots,
    file: file, line: line)
}
