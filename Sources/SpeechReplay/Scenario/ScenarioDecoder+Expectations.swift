extension ScenarioDecoder {
  /// The `expect:` section: each registered family reads its own keys (``CheckRegistry``), then `trap`.
  func expectations(_ node: ScenarioNode, steps: [Scenario.Step]) throws(ScenarioError) -> Scenario.Expectations {
    let map = try node.mapping(keys: Self.expectKeys)
    var expectations = Scenario.Expectations()
    for family in CheckRegistry.families {
      try family.decode(map, into: &expectations, with: self, steps: steps)
    }
    if let trap = map[ScenarioKeys.Expect.trap] { expectations.trap = try self.trap(trap) }
    // Not a check family's: the scenario's own tolerances for `compare` (no check reads them).
    if let tolerances = map[ScenarioKeys.Expect.tolerances] {
      expectations.tolerances = try self.tolerances(tolerances)
    }
    return expectations
  }

  /// `expect.observed`, parsed and never read since the first divergence (top-level `observed:`)
  /// replaced it: a warning that says to remove it.
  func obsoleteKeys(_ node: ScenarioNode?) throws(ScenarioError) -> [ScenarioFailure] {
    guard let node, case .mapping = node.node,
      let observed = try node.mapping(keys: Self.expectKeys)[ScenarioKeys.Expect.observed]
    else {
      return []
    }
    return [
      ScenarioFailure(
        "'expect.observed' has no effect: a scenario imported from a capture is compared with what the device showed through the top-level 'observed:' key; remove this line",
        check: CheckID(.scenario, "obsolete-key"), at: observed.location)
    ]
  }

  /// The keys of `expect:`.
  static var expectKeys: [ScenarioKey] { ScenarioKeys.Expect.all }

  /// Every name a `snapshot:` step records, cycles included, in order.
  static func snapshotNames(in steps: [Scenario.Step]) -> [String] {
    var names: [String] = []
    for step in steps {
      switch step.action {
      case .snapshot(let name) where !names.contains(name): names.append(name)
      case .cycle(_, let inner): names += snapshotNames(in: inner).filter { !names.contains($0) }
      default: break
      }
    }
    return names
  }
}
