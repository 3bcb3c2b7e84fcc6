import SpeechReplay

/// `--tolerance [SCENARIO:]FIGURE=TOLERANCE`: another tolerance for one figure (or a pattern such as
/// `latency.*.p50`), in every scenario or in one (its file as recorded, or its name).
///
/// TOLERANCE is written as in a scenario's `expect.tolerances` (``FigureRule/Adjustment``): an
/// amount (`50ms`, `1.5s`, or a number in the figure's unit), a percentage (`10%`), both
/// (`50ms,10%`), or `off`.
package struct ToleranceOverride: Sendable, Hashable {
  /// The scenario it applies to (file or name); `nil`: every scenario.
  package var scenario: String?
  /// The figure's name or pattern.
  package var figure: String
  /// The tolerance, or `off`.
  package var adjustment: FigureRule.Adjustment

  /// Parses one `--tolerance` value.
  ///
  /// - Parameter text: `[SCENARIO:]FIGURE=TOLERANCE`.
  /// - Throws: ``HistoryError`` saying what is wrong and what is expected.
  package init(parsing text: String) throws(HistoryError) {
    let usage =
      "write --tolerance [SCENARIO:]FIGURE=TOLERANCE, for example latency.final.p50=100ms, 'latency.*.p50=10%', hello-world.yaml:audio.lostSeconds=off"
    guard let equals = text.lastIndex(of: "=") else {
      throw HistoryError("--tolerance \(text): no '=' between the figure and its tolerance; \(usage)")
    }
    let target = text[..<equals]
    let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    if let colon = target.lastIndex(of: ":") {
      scenario = String(target[..<colon])
      figure = String(target[target.index(after: colon)...])
    } else {
      figure = String(target)
    }
    guard !figure.isEmpty, scenario?.isEmpty != true else {
      throw HistoryError("--tolerance \(text): the figure (or the scenario before ':') is empty; \(usage)")
    }
    guard let adjustment = FigureRule.Adjustment(parsing: value) else {
      throw HistoryError(
        "--tolerance \(text): '\(value)' is not a tolerance; give an amount (50ms, 1.5s, 0.02), a percentage (10%), both (50ms,10%), or off"
      )
    }
    guard FigureRule.isDeclared(figure) else {
      throw HistoryError(
        "--tolerance \(text): '\(figure)' names no figure a check reports; figures are named like latency.final.p50 or latency.*.p50 (History.md lists them)"
      )
    }
    self.adjustment = adjustment
  }

  /// Whether it applies to a figure of a scenario.
  ///
  /// - Parameters:
  ///   - figure: The figure's name.
  ///   - result: The scenario's result.
  /// - Returns: Whether the figure matches and the scenario (when one is named) is the result's file or name.
  package func applies(to figure: String, of result: HistoryResult) -> Bool {
    guard FigureRule.matches(self.figure, figure) else { return false }
    guard let scenario else { return true }
    return scenario == result.file || scenario == result.name || scenario == result.key
  }

  /// The rule of `figure` in `result`: the last `--tolerance` that names the scenario, else the
  /// last for every scenario, else the scenario's own `expect.tolerances` (the most specific
  /// pattern), else the figure's declared rule.
  ///
  /// - Parameters:
  ///   - overrides: The `--tolerance` values, in the order given.
  ///   - figure: The figure's name.
  ///   - result: The scenario's result.
  /// - Returns: The rule to judge by.
  package static func rule(_ overrides: [ToleranceOverride], figure: String, of result: HistoryResult) -> FigureRule {
    let declared = FigureRule.rule(for: figure)
    let applying = overrides.filter { $0.applies(to: figure, of: result) }
    if let chosen = applying.last(where: { $0.scenario != nil }) ?? applying.last {
      return chosen.adjustment.applied(to: declared)
    }
    let own = result.tolerances.filter { FigureRule.matches($0.key, figure) }
      .min { ($0.key.filter { $0 == "*" }.count, $0.key) < ($1.key.filter { $0 == "*" }.count, $1.key) }
    if let own, let adjustment = FigureRule.Adjustment(parsing: own.value) { return adjustment.applied(to: declared) }
    return declared
  }
}
