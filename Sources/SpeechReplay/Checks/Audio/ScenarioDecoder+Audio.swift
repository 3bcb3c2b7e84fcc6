extension ScenarioDecoder {
  /// `expect.audio`: `off`, or `{ maximumLost: 2s }` for a stack that drops audio on purpose.
  func audioExpectation(_ node: ScenarioNode) throws(ScenarioError) -> Scenario.AudioExpectation {
    var expectation = Scenario.AudioExpectation()
    expectation.location = node.location
    if case .scalar(let scalar) = node.node, scalar.string == "off" {
      expectation.isChecked = false
      return expectation
    }
    guard case .mapping = node.node else {
      throw node.error(
        "'expect.audio' is off (no audio check) or { maximumLost: 2s } (the most audio the stack may drop on purpose), not \(node.shown)"
      )
    }
    let map = try node.mapping(keys: ScenarioKeys.Audio.all)
    if let value = map[ScenarioKeys.Audio.maximumLost] { expectation.maximumLost = try value.duration() }
    return expectation
  }
}
