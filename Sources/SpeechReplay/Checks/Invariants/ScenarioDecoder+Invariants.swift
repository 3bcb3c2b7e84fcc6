extension ScenarioDecoder {
  /// `expect.invariants`: `broken: [ids]`, `off: { id: reason }`, `maximumInputLag: 2s`, `mainActorHang: 250ms`,
  /// `maximumRestartsPerSecond: 3`, `bufferGrowthPerMinute: 1048576` (bytes).
  func invariants(_ node: ScenarioNode) throws(ScenarioError) -> Scenario.InvariantSettings {
    let map = try node.mapping(keys: ScenarioKeys.Invariants.all)
    var settings = Scenario.InvariantSettings(location: node.location)
    if let broken = map[ScenarioKeys.Invariants.broken] {
      for item in try broken.list() {
        let invariant = try self.invariant(item)
        guard settings.broken[invariant] == nil else {
          throw item.error("'\(invariant)' is listed twice in 'expect.invariants.broken'; keep one")
        }
        settings.broken[invariant] = item.location
      }
    }
    if let off = map[ScenarioKeys.Invariants.off] {
      guard case .mapping(let mapping) = off.node else {
        throw off.error(
          "'expect.invariants.off' must map invariant names to the reason they are off, like { input-bounded: \"the stack reports no queue\" }, not \(off.shown)"
        )
      }
      for (key, value) in mapping {
        let keyNode = ScenarioNode(node: key, file: file, path: "expect.invariants.off")
        let invariant = try self.invariant(keyNode)
        let reason = ScenarioNode(node: value, file: file, path: "expect.invariants.off.\(invariant)")
        guard !reason.isNull, let text = try? reason.nonEmptyString() else {
          throw reason.error(
            "switching '\(invariant)' off needs a reason; write \(invariant): \"why it does not apply here\"")
        }
        if settings.broken[invariant] != nil {
          throw keyNode.error(
            "'\(invariant)' is both expected to break and switched off; keep it in one of 'broken' and 'off'")
        }
        settings.off[invariant] = text
      }
    }
    if let lag = map[ScenarioKeys.Invariants.maximumInputLag] {
      settings.maximumInputLag = try lag.duration()
      guard settings.maximumInputLag > .zero else {
        throw lag.error("'expect.invariants.maximumInputLag' must be longer than 0s")
      }
    }
    if let hang = map[ScenarioKeys.Invariants.mainActorHang] {
      let bound = try hang.duration()
      guard bound >= .milliseconds(10) else {
        throw hang.error(
          "'expect.invariants.mainActorHang' must be at least 10ms: shorter jobs are scheduling noise, not hangs")
      }
      settings.mainActorHang = bound
    }
    if let restarts = map[ScenarioKeys.Invariants.maximumRestartsPerSecond] {
      settings.maximumRestartsPerSecond = try restarts.int(in: 1...1000)
    }
    if let growth = map[ScenarioKeys.Invariants.bufferGrowthPerMinute] {
      settings.bufferGrowthPerMinute = try growth.int(in: 1...(1 << 40))
    }
    return settings
  }

  private func invariant(_ node: ScenarioNode) throws(ScenarioError) -> Invariant {
    let name = try node.nonEmptyString()
    guard let invariant = Invariant.named(name) else {
      let names = Invariant.allCases.map(\.rawValue)
      throw node.error(
        "unknown invariant '\(name)'; expected one of \(names.joined(separator: ", "))\(ScenarioNode.suggestion(name, names))"
      )
    }
    return invariant
  }
}
