extension ScenarioDecoder {
  /// `expect.final` and `expect.snapshots`: expected UI states at the end and at named snapshots.
  func stateExpectations(
    _ expect: ScenarioMapping, into expectations: inout Scenario.Expectations, steps: [Scenario.Step]
  ) throws(ScenarioError) {
    if let final = expect[ScenarioKeys.Expect.final] { expectations.final = try state(final) }
    if let snapshots = expect[ScenarioKeys.Expect.snapshots] {
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
      for (name, _, value) in try snapshots.mapping(keys: recorded.map(ScenarioKey.snapshotName)).entries {
        expectations.snapshots.append(NamedStateExpectation(name: name.name, expectation: try state(value)))
      }
    }
  }

  /// An expected UI state: `{ committed: "…", volatile: "", phase: listening, microphone: offered }`.
  fileprivate func state(_ node: ScenarioNode) throws(ScenarioError) -> StateExpectation {
    let map = try node.mapping(keys: ScenarioKeys.State.all)
    var expectation = StateExpectation()
    if let value = map[ScenarioKeys.State.committed] {
      expectation.committed = .init(try textAllowingEmpty(value), at: value.location)
    }
    if let value = map[ScenarioKeys.State.volatile] {
      expectation.volatile = .init(try textAllowingEmpty(value), at: value.location)
    }
    if let value = map[ScenarioKeys.State.phase] {
      // A list allows any of its phases: `phase: [idle, preparing]`.
      var items = [value]
      if case .sequence = value.node { items = try value.list() }
      guard !items.isEmpty else {
        throw value.error(
          "'\(value.path)' lists no phase; write one, or the phases any correct stack may show, like [idle, preparing]")
      }
      var phases: [String] = []
      for item in items { phases.append(try phase(item)) }
      expectation.phase = .init(phases, at: value.location)
    }
    if let value = map[ScenarioKeys.State.microphone] {
      expectation.microphoneOffered = .init(try value.choice(["offered", "hidden"]) == "offered", at: value.location)
    }
    return expectation
  }

  /// One expected phase: a phase's word, with a progress or message where the phase has one.
  private func phase(_ node: ScenarioNode) throws(ScenarioError) -> String {
    let phase = try node.nonEmptyString()
    let word = String(phase.prefix { $0 != " " && $0 != ":" })
    let phases = ["idle", "preparing", "listening", "stopping", "unavailable", "failed"]
    guard phases.contains(word) else {
      throw node.error(
        "'\(phase)' is not a phase; expected one of \(phases.joined(separator: ", ")) (preparing may add a progress like 'preparing 40%', failed a message like 'failed: …'; a list like [idle, preparing] allows any of them)\(ScenarioNode.suggestion(word, phases))"
      )
    }
    return phase
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
}
