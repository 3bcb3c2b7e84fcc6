extension ScenarioDecoder {
  /// `expect.diagnostics`: none, texts some diagnostic must contain, or `{ allow: [texts] }`.
  func diagnosticsExpectation(
    _ expect: ScenarioMapping, into expectations: inout Scenario.Expectations
  ) throws(ScenarioError) {
    if let diagnostics = expect[ScenarioKeys.Expect.diagnostics] {
      expectations.diagnosticsLocation = diagnostics.location
      if case .scalar(let scalar) = diagnostics.node, scalar.string == "none" {
        expectations.diagnostics = .none
      } else if case .sequence = diagnostics.node {
        expectations.diagnostics = .containing(try diagnostics.strings(), at: diagnostics.location)
      } else if case .mapping = diagnostics.node {
        let allow = try diagnostics.mapping(keys: ScenarioKeys.Diagnostics.all).required(
          ScenarioKeys.Diagnostics.allow, example: "[\"bufferSize\"]")
        expectations.diagnostics = .allowing(try allow.strings(), at: allow.location)
      } else {
        throw diagnostics.error(
          "'expect.diagnostics' must be none, a list of texts some diagnostic must contain, or { allow: [texts] } for the known warnings to accept, not \(diagnostics.shown)"
        )
      }
    }
  }
}
