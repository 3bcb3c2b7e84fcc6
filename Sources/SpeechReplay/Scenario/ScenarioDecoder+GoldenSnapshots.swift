extension ScenarioDecoder {
  /// `expect.snapshots` as golden files: `golden` (every snapshot step and `final`) or a list of
  /// names; nil when the value is a mapping (inline expectations, read elsewhere).
  func goldenSnapshots(_ node: ScenarioNode, steps: [Scenario.Step]) throws(ScenarioError) -> Scenario.GoldenSnapshots? {
    let recorded = Self.snapshotNames(in: steps)
    let final = Scenario.GoldenSnapshots.finalName
    if recorded.contains(final) {
      throw node.error("a snapshot step is named '\(final)', the name golden files keep for the state after the last step; rename the step")
    }
    switch node.node {
    case .mapping:
      return nil
    case .scalar:
      guard try node.string() == "golden" else {
        throw node.error(
          "'expect.snapshots' is \(node.shown); write golden (every snapshot and the final state against files in __Snapshots__), a list of names such as [after-hello, final], or a mapping of names to expected states")
      }
      for name in recorded { try checkSnapshotFileName(name, at: node) }
      return .init(names: recorded + [final], at: node.location)
    case .sequence:
      var names: [String] = []
      for item in try node.list() {
        let name = try item.nonEmptyString()
        guard name == final || recorded.contains(name) else {
          let known = recorded.isEmpty ? "no step records a snapshot" : "the steps record \(recorded.map { "'\($0)'" }.joined(separator: ", "))"
          throw item.error("'expect.snapshots' lists '\(name)' but \(known)\(ScenarioNode.suggestion(name, recorded + [final])); add '- snapshot: \(name)' to the steps, or use '\(final)' for the state after the last step")
        }
        guard !names.contains(name) else { throw item.error("'expect.snapshots' lists '\(name)' twice; keep one") }
        try checkSnapshotFileName(name, at: item)
        names.append(name)
      }
      return .init(names: names, at: node.location)
    case .alias:
      throw node.error("'expect.snapshots' cannot be a YAML alias; write the names out")
    }
  }

  /// Checks that a snapshot name can be a golden file's name.
  func checkSnapshotFileName(_ name: String, at node: ScenarioNode) throws(ScenarioError) {
    if name.contains("/") || name.contains("\\") || name.hasPrefix(".") {
      throw node.error("the snapshot name '\(name)' cannot be a file name (no '/', '\\' or leading '.'); use letters, digits and dashes like after-hello")
    }
  }
}
