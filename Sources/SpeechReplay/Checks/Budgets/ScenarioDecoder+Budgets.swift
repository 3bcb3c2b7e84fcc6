extension ScenarioDecoder {
  /// `expect.budgets`: `{ firstVolatile: 500ms, final: { p90: 1s, max: 2s }, stopToIdle: 300ms }`.
  func budgets(_ node: ScenarioNode) throws(ScenarioError) -> Scenario.Budgets {
    let measures = Scenario.Budgets.Measure.allCases.map(ScenarioKey.init(case:))
    let statistics = Scenario.Budgets.Statistic.allCases.map(ScenarioKey.init(case:))
    var limits: [Scenario.Budgets.Limit] = []
    for (key, _, value) in try node.mapping(keys: measures).entries {
      let measure = Scenario.Budgets.Measure(rawValue: key.name)!  // mapping(keys:) checked it
      if case .mapping = value.node {
        let map = try value.mapping(keys: statistics)
        guard !map.entries.isEmpty else {
          throw value.error(
            "'\(value.path)' is empty; give a duration like \(key): 500ms, or statistics like \(key): { p90: 1s }")
        }
        for (name, _, limit) in map.entries {
          limits.append(
            .init(
              measure, Scenario.Budgets.Statistic(rawValue: name.name)!, limit: try budget(limit), at: limit.location))
        }
      } else {
        limits.append(.init(measure, .each, limit: try budget(value), at: value.location))
      }
    }
    return Scenario.Budgets(limits)
  }

  private func budget(_ node: ScenarioNode) throws(ScenarioError) -> Duration {
    guard case .scalar(let scalar) = node.node, DurationText.parse(scalar.string) != nil else {
      throw node.error(
        "'\(node.path)' must be a duration like 500ms or 1.2s, or statistics like { p50: 500ms, p90: 1s, max: 2s }, not \(node.shown)"
      )
    }
    return try node.duration()
  }

  /// `timing: unaware`, or `timing: { mode: aware, modelCost: 0.3 }`.
  func timing(_ node: ScenarioNode) throws(ScenarioError) -> Scenario.Timing {
    if case .scalar = node.node {
      switch try node.choice(["unaware", "aware"]) {
      case "unaware": return .unaware
      default:
        throw node.error(
          "'timing: aware' needs the model's cost; write timing: { mode: aware, modelCost: 0.3 } (seconds of compute per second of audio)"
        )
      }
    }
    let map = try node.mapping(keys: ScenarioKeys.Timing.all)
    let mode = try map.required(ScenarioKeys.Timing.mode, example: "aware").choice(["unaware", "aware"])
    if mode == "unaware" {
      if let cost = map[ScenarioKeys.Timing.modelCost] {
        throw cost.error("'timing.modelCost' only applies to mode aware; remove it or write mode: aware")
      }
      return .unaware
    }
    let cost = try map.required(ScenarioKeys.Timing.modelCost, example: "0.3").double(in: 0...100)
    guard cost > 0 else {
      throw map[ScenarioKeys.Timing.modelCost]!.error(
        "'timing.modelCost' is 0, which is the unaware mode; give the seconds of compute per second of audio, like 0.3, or write timing: unaware"
      )
    }
    return .aware(modelCost: cost)
  }
}
