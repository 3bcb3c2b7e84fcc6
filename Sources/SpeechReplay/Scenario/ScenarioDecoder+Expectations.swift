extension ScenarioDecoder {
  /// The `expect:` section: `final`, `snapshots` (inline expected states), `golden` (golden files),
  /// `diagnostics`, `budgets`, `leaks`, `metrics`, `invariants`, `trap`.
  func expectations(_ node: ScenarioNode, steps: [Scenario.Step]) throws(ScenarioError) -> Scenario.Expectations {
    let map = try node.mapping(keys: Self.expectKeys)
    var expectations = Scenario.Expectations()
    if let final = map["final"] { expectations.final = try state(final) }
    if let snapshots = map["snapshots"] {
      // Inline states only; golden files are `expect.golden`, so each key means one thing.
      guard case .mapping = snapshots.node else {
        throw snapshots.error(
          "'expect.snapshots' maps snapshot names to expected states, like { after-hello: { committed: \"Hello.\" } }, not \(snapshots.shown); to compare with golden files write 'golden: all' or 'golden: [names]' under expect"
        )
      }
      let recorded = Self.snapshotNames(in: steps)
      for name in try snapshotKeys(snapshots) where !recorded.contains(name.text) {
        let known =
          recorded.isEmpty
          ? "no step takes a snapshot" : "the steps take \(recorded.map { "'\($0)'" }.joined(separator: ", "))"
        throw name.node.error(
          "'expect.snapshots' expects the snapshot '\(name.text)' but \(known)\(ScenarioNode.suggestion(name.text, recorded)); add '- snapshot: \(name.text)' to the steps"
        )
      }
      for (name, _, value) in try snapshots.mapping(keys: recorded).entries {
        expectations.snapshots.append((name, try state(value)))
      }
    }
    if let diagnostics = map["diagnostics"] {
      expectations.diagnosticsLocation = diagnostics.location
      if case .scalar(let scalar) = diagnostics.node, scalar.string == "none" {
        expectations.diagnostics = .none
      } else if case .sequence = diagnostics.node {
        expectations.diagnostics = .containing(try diagnostics.strings(), at: diagnostics.location)
      } else if case .mapping = diagnostics.node {
        let allow = try diagnostics.mapping(keys: ScenarioKeys.Diagnostics.all.names).required(
          "allow", example: "[\"bufferSize\"]")
        expectations.diagnostics = .allowing(try allow.strings(), at: allow.location)
      } else {
        throw diagnostics.error(
          "'expect.diagnostics' must be none, a list of texts some diagnostic must contain, or { allow: [texts] } for the known warnings to accept, not \(diagnostics.shown)"
        )
      }
    }
    if let budgets = map["budgets"] { expectations.budgets = try self.budgets(budgets) }
    if let leaks = map["leaks"] { expectations.leaks = try self.leaks(leaks, steps: steps) }
    if let metrics = map["metrics"] { expectations.metrics = try self.metricLimits(metrics) }
    if let golden = map["golden"] {
      expectations.golden = try self.golden(golden, steps: steps)
    }
    if let invariants = map["invariants"] { expectations.invariants = try self.invariants(invariants) }
    if let trap = map["trap"] { expectations.trap = try self.trap(trap) }
    if let audio = map["audio"] { expectations.audio = try audioExpectation(audio) }
    if let tolerances = map["tolerances"] { expectations.tolerances = try self.tolerances(tolerances) }
    return expectations
  }

  /// `expect.observed`, parsed and never read since the first divergence (top-level `observed:`)
  /// replaced it: a warning that says to remove it.
  func obsoleteKeys(_ node: ScenarioNode?) throws(ScenarioError) -> [ScenarioFailure] {
    guard let node, case .mapping = node.node, let observed = try node.mapping(keys: Self.expectKeys)["observed"] else {
      return []
    }
    return [
      ScenarioFailure(
        "'expect.observed' has no effect: a scenario imported from a capture is compared with what the device showed through the top-level 'observed:' key; remove this line",
        check: CheckID(.scenario, "obsolete-key"), at: observed.location)
    ]
  }

  /// The keys of `expect:`.
  static let expectKeys = ScenarioKeys.Expect.all.names

  /// An expected UI state: `{ committed: "…", volatile: "", phase: listening, microphone: offered }`.
  private func state(_ node: ScenarioNode) throws(ScenarioError) -> StateExpectation {
    let map = try node.mapping(keys: ScenarioKeys.State.all.names)
    var expectation = StateExpectation()
    if let value = map["committed"] { expectation.committed = .init(try textAllowingEmpty(value), at: value.location) }
    if let value = map["volatile"] { expectation.volatile = .init(try textAllowingEmpty(value), at: value.location) }
    if let value = map["phase"] {
      let phase = try value.nonEmptyString()
      let word = String(phase.prefix { $0 != " " && $0 != ":" })
      let phases = ["idle", "preparing", "listening", "stopping", "unavailable", "failed"]
      guard phases.contains(word) else {
        throw value.error(
          "'\(phase)' is not a phase; expected one of \(phases.joined(separator: ", ")) (preparing may add a progress like 'preparing 40%', failed a message like 'failed: …')\(ScenarioNode.suggestion(word, phases))"
        )
      }
      expectation.phase = .init(phase, at: value.location)
    }
    if let value = map["microphone"] {
      expectation.microphoneOffered = .init(try value.choice(["offered", "hidden"]) == "offered", at: value.location)
    }
    return expectation
  }

  /// The keys of the `expect.snapshots` mapping with their nodes.
  private func snapshotKeys(_ node: ScenarioNode) throws(ScenarioError) -> [(text: String, node: ScenarioNode)] {
    guard case .mapping(let mapping) = node.node else { return [] }
    var keys: [(text: String, node: ScenarioNode)] = []
    for key in mapping.keys {
      let keyNode = ScenarioNode(node: key, file: file, path: "expect.snapshots")
      keys.append((try keyNode.string(), keyNode))
    }
    return keys
  }

  /// Text where an empty value (`volatile:` or `volatile: ""`) means the empty string.
  private func textAllowingEmpty(_ node: ScenarioNode) throws(ScenarioError) -> String {
    node.isNull ? "" : try node.string()
  }

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
