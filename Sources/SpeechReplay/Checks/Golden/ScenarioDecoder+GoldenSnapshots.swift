extension ScenarioDecoder {
  /// `expect.golden`: `all` (every snapshot step and `final`) or a list of names.
  func golden(_ node: ScenarioNode, steps: [Scenario.Step]) throws(ScenarioError) -> Scenario.GoldenSnapshots {
    if case .scalar = node.node, (try? node.string()) == "all" { return try allGolden(steps: steps, at: node) }
    guard case .sequence = node.node else {
      throw node.error(
        "'expect.golden' must be all (every snapshot and the final state) or a list of names such as [after-hello, final], not \(node.shown)"
      )
    }
    return try listedGolden(node, steps: steps)
  }

  private func allGolden(
    steps: [Scenario.Step], at node: ScenarioNode
  ) throws(ScenarioError) -> Scenario.GoldenSnapshots {
    let recorded = try goldenNames(in: steps, at: node)
    return .init(names: recorded + [Scenario.GoldenSnapshots.finalName], at: node.location)
  }

  private func listedGolden(
    _ node: ScenarioNode, steps: [Scenario.Step]
  ) throws(ScenarioError) -> Scenario.GoldenSnapshots {
    let recorded = try goldenNames(in: steps, at: node)
    let final = Scenario.GoldenSnapshots.finalName
    var names: [String] = []
    for item in try node.list() {
      let name = try item.nonEmptyString()
      guard name == final || recorded.contains(name) else {
        let known =
          recorded.isEmpty
          ? "no step takes a snapshot" : "the steps take \(recorded.map { "'\($0)'" }.joined(separator: ", "))"
        throw item.error(
          "'\(node.path)' lists '\(name)' but \(known)\(ScenarioNode.suggestion(name, recorded + [final])); add '- snapshot: \(name)' to the steps, or use '\(final)' for the state after the last step"
        )
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
      throw node.error(
        "a snapshot step is named '\(final)', the name golden files keep for the state after the last step; rename the step"
      )
    }
    for name in recorded where name.contains("/") || name.contains("\\") || name.hasPrefix(".") {
      throw node.error(
        "the snapshot name '\(name)' cannot be a golden file's name (no '/', '\\' or leading '.'); use letters, digits and dashes like after-hello"
      )
    }
    return recorded
  }
}
