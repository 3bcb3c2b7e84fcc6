import Foundation

extension ScenarioDecoder {
  /// `expect.trap`: a short, non-empty phrase naming the trap the scenario guards against (about the
  /// scenario's own expectations), or `{ says: "phrase", checks: [state.final, budget] }` naming the
  /// families or checks whose failures are about it.
  func trap(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioTrap {
    if case .mapping = node.node {
      let map = try node.mapping(keys: ScenarioKeys.Trap.all)
      let says = try map.required(
        ScenarioKeys.Trap.says, example: "\"no offline handling: a first offline run must show a clear error\"")
      let checks = try map.required(ScenarioKeys.Trap.checks, example: "[state.final, budget]")
      var targets: [ScenarioTrap.Target] = []
      for entry in try checks.strings() {
        if let family = CheckID.Family(rawValue: entry) {
          targets.append(.family(family))
        } else if let id = CheckID(entry) {
          targets.append(.check(id))
        } else {
          let families = CheckID.Family.allCases.map(\.rawValue)
          throw checks.error(
            "'\(entry)' in 'expect.trap.checks' is not a check: write a family (\(families.joined(separator: ", "))) or one check of it, like state.final or invariant.no-stutter\(ScenarioNode.suggestion(entry, families))"
          )
        }
      }
      guard !targets.isEmpty else {
        throw checks.error(
          "'expect.trap.checks' is empty: name the families or checks whose failures are about the trap, like [state.final]"
        )
      }
      return ScenarioTrap(try phrase(says), checks: targets)
    }
    return ScenarioTrap(try phrase(node))
  }

  private func phrase(_ node: ScenarioNode) throws(ScenarioError) -> String {
    guard !node.isNull, case .scalar = node.node, let text = try? node.nonEmptyString(),
      !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    else {
      throw node.error(
        "'expect.trap' must name the trap this scenario guards against in a short text, like \"no offline handling: a first offline run must show a clear error\", or { says: \"…\", checks: [state.final] }, not \(node.shown)"
      )
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
