extension ScenarioDecoder {
  /// `expect.golden`: `all` (every snapshot step and `final`) or a list of names.
  func golden(_ node: ScenarioNode, steps: [Scenario.Step]) throws(ScenarioError) -> Scenario.GoldenSnapshots {
    if case .scalar = node.node, (try? node.string()) == "all" { return try allGolden(steps: steps, at: node) }
    guard case .sequence = node.node else {
      throw node.error("'expect.golden' must be all (every snapshot and the final state) or a list of names such as [after-hello, final], not \(node.shown)")
    }
    return try listedGolden(node, steps: steps)
  }

  /// `expect.snapshots` as golden files: `golden` (every snapshot step and `final`) or a list of
  /// names; nil when the value is a mapping (inline expectations, read elsewhere).
  func goldenSnapshots(_ node: ScenarioNode, steps: [Scenario.Step]) throws(ScenarioError) -> Scenario.GoldenSnapshots? {
    switch node.node {
    case .mapping:
      return nil
    case .scalar:
      guard try node.string() == "golden" else {
        throw node.error(
          "'expect.snapshots' is \(node.shown); write golden (every snapshot and the final state against files in __Snapshots__), a list of names such as [after-hello, final], or a mapping of names to expected states")
      }
      return try allGolden(steps: steps, at: node)
    case .sequence:
      return try listedGolden(node, steps: steps)
    case .alias:
      throw node.error("'\(node.path)' cannot be a YAML alias; write the names out")
    }
  }

  private func allGolden(steps: [Scenario.Step], at node: ScenarioNode) throws(ScenarioError) -> Scenario.GoldenSnapshots {
    let recorded = try goldenNames(in: steps, at: node)
    return .init(names: recorded + [Scenario.GoldenSnapshots.finalName], at: node.location)
  }

  private func listedGolden(_ node: ScenarioNode, steps: [Scenario.Step]) throws(ScenarioError) -> Scenario.GoldenSnapshots {
    let recorded = try goldenNames(in: steps, at: node)
    let final = Scenario.GoldenSnapshots.finalName
    var names: [String] = []
    for item in try node.list() {
      let name = try item.nonEmptyString()
      guard name == final || recorded.contains(name) else {
        let known = recorded.isEmpty ? "no step records a snapshot" : "the steps record \(recorded.map { "'\($0)'" }.joined(separator: ", "))"
        throw item.error(
          "'\(node.path)' lists '\(name)' but \(known)\(ScenarioNode.suggestion(name, recorded + [final])); add '- snapshot: \(name)' to the steps, or use '\(final)' for the state after the last step")
      }
      guard !names.contains(name) else { throw item.error("'\(node.path)' lists '\(name)' twice; keep one") }
      names.append(name)
    }
    return .init(names: names, at: node.location)
  }

  /// The snapshot steps' names, checked to be usable as golden file names.
  private func goldenNames(in steps: [Scenario.Step], at node: ScenarioNode) throws(ScenarioError) -> [String] {
    let recorded = Self.snapshotNames(in: steps)
    let final = Scenario.GoldenSnapshots.finalName
    if recorded.contains(final) {
      throw node.error("a snapshot step is named '\(final)', the name golden files keep for the state after the last step; rename the step")
    }
    for name in recorded where name.contains("/") || name.contains("\\") || name.hasPrefix(".") {
      throw node.error("the snapshot name '\(name)' cannot be a golden file's name (no '/', '\\' or leading '.'); use letters, digits and dashes like after-hello")
    }
    return recorded
  }
}
