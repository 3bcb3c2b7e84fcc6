import SpeechReplay

extension ScenarioResult {
  /// The messages a test fails with: one per failure, `scenario 'name' (seed 1): file:line:column: message`.
  static func testMessages(_ result: ScenarioResult) -> [String] {
    guard result.status != .passed else { return [] }
    let prefix = "scenario '\(result.name)' (seed \(result.seed))"
    if result.failures.isEmpty {
      return ["\(prefix) \(result.status.rawValue)\(result.output.isEmpty ? "" : ": \(result.output)")"]
    }
    return result.failures.map { "\(prefix): \($0)" }
  }
}
