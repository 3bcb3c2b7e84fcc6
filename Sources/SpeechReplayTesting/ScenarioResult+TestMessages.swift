import SpeechReplay

extension ScenarioResult {
  /// The messages a test fails with: one per failure, `scenario 'name' (seed 1): file:line:column: message`.
  static func testMessages(_ result: ScenarioResult) -> [String] {
    // A scenario the subject does not apply to (a capability it lacks) is not a failure of the test.
    guard result.status != .passed, result.status != .skipped else { return [] }
    let prefix = "scenario '\(result.name)' (seed \(result.seed))"
    if result.failures.isEmpty {
      return ["\(prefix) \(result.status.rawValue)\(result.output.isEmpty ? "" : ": \(result.output)")"]
    }
    return result.failures.map { "\(prefix): \($0)" }
  }
}
