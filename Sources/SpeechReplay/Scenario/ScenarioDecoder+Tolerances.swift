import Yams

extension ScenarioDecoder {
  /// `expect.tolerances: { latency.final.p50: 100ms, "latency.*.p90": 10%, audio.lostSeconds: off }`:
  /// this scenario's own tolerances for `compare` and the trend page.
  func tolerances(_ node: ScenarioNode) throws(ScenarioError) -> [String: String] {
    let example = "tolerances: { latency.final.p50: 100ms, \"latency.*.p90\": 10%, audio.lostSeconds: off }"
    guard case .mapping(let mapping) = node.node else {
      throw node.error("'\(node.path)' must be a mapping of figures to tolerances, not \(node.shown); write \(example)")
    }
    var tolerances: [String: String] = [:]
    for (keyNode, value) in mapping {
      let key = ScenarioNode(node: keyNode, file: node.file, path: node.path)
      guard case .scalar(let scalar) = keyNode, !scalar.string.isEmpty else {
        throw key.error("a key in '\(node.path)' must be a figure's name, not \(key.shown); write \(example)")
      }
      let figure = scalar.string
      guard FigureRule.isDeclared(figure) else {
        throw key.error(
          "'\(figure)' in '\(node.path)' names no figure a check reports; figures are named like latency.final.p50 or latency.*.p50 (History.md lists them)"
        )
      }
      guard tolerances[figure] == nil else {
        throw key.error("the figure '\(figure)' appears twice in '\(node.path)'; keep one")
      }
      let entry = ScenarioNode(node: value, file: node.file, path: "\(node.path).\(figure)")
      let text = try entry.string()
      guard FigureRule.Adjustment(parsing: text) != nil else {
        throw entry.error(
          "'\(entry.path)' is \(entry.shown), not a tolerance; give an amount (100ms, 1.5s, 0.02), a percentage (10%), both (50ms,10%), or off"
        )
      }
      tolerances[figure] = text
    }
    return tolerances
  }
}
