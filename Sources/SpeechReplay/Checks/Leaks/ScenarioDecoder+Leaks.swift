extension ScenarioDecoder {
  /// `expect.leaks`: `{ window: 5, heapBytesPerCycle: 4096 }`; needs a cycle step with at least
  /// two windows of passes after the first.
  func leaks(_ node: ScenarioNode, steps: [Scenario.Step]) throws(ScenarioError) -> Scenario.Leaks {
    var leaks = Scenario.Leaks(isExplicit: true, at: node.location)
    if !node.isNull {
      let map = try node.mapping(keys: ScenarioKeys.Leaks.all)
      if let value = map[ScenarioKeys.Leaks.window] { leaks.window = try value.int(in: 1...1_000) }
      if let value = map[ScenarioKeys.Leaks.heapBytesPerCycle] {
        leaks.heapBytesPerCycle = try value.int(in: 0...(1 << 40))
      }
    }
    let longest = Self.cycleCounts(in: steps).max() ?? 0
    guard longest > 0 else {
      throw node.error(
        "'expect.leaks' checks a cycle step but the steps have none; add - cycle: { count: \(2 * leaks.window + 1), steps: [start, { play: 1s }, stop] }"
      )
    }
    guard longest >= 2 * leaks.window + 1 else {
      throw node.error(
        "'expect.leaks' compares windows of \(leaks.window) cycles and needs at least \(2 * leaks.window + 1) passes (the first is a warm-up), but the longest cycle step runs \(longest); raise its count or lower leaks.window"
      )
    }
    return leaks
  }

  /// The count of every cycle step, nested ones included.
  static func cycleCounts(in steps: [Scenario.Step]) -> [Int] {
    steps.flatMap { step -> [Int] in
      guard case .cycle(let count, let inner) = step.action else { return [] }
      return [count] + cycleCounts(in: inner)
    }
  }
}
