import SpeechReplay

/// `--tolerance [SCENARIO:]FIGURE=TOLERANCE`: another tolerance for one figure (or a pattern such as
/// `latency.*.p50`), in every scenario or in one (its file as recorded, or its name).
///
/// TOLERANCE is an absolute amount (`50ms`, `1.5s`, or a number in the figure's unit), a relative
/// one (`10%`), both (`50ms,10%`: a worsening larger than either counts, as for the defaults), or
/// `off` (the figure is reported when it moves, never a regression).
package struct ToleranceOverride: Sendable, Hashable {
  /// The scenario it applies to (file or name); `nil`: every scenario.
  package var scenario: String?
  /// The figure's name or pattern.
  package var figure: String
  /// The tolerance; `nil` for `off`.
  package var tolerance: FigureRule.Tolerance?

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
    if value == "off" {
      tolerance = nil
      return
    }
    var absolute = Double.infinity
    var relative: Double?
    for part in value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if part.hasSuffix("%"), let percent = Double(part.dropLast()), percent >= 0, percent.isFinite {
        relative = percent / 100
      } else if let number = Double(part), number >= 0, number.isFinite {
        absolute = number
      } else if let duration = DurationText.parse(part) {
        absolute = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
      } else {
        throw HistoryError(
          "--tolerance \(text): '\(part)' is not a tolerance; give an amount (50ms, 1.5s, 0.02), a percentage (10%), both (50ms,10%), or off"
        )
      }
    }
    if absolute == .infinity, relative == nil {
      throw HistoryError("--tolerance \(text): no tolerance after '='; \(usage)")
    }
    tolerance = FigureRule.Tolerance(absolute: absolute, relative: relative)
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

  /// The rule of `figure` in `result`: the last override that applies (one naming the scenario
  /// before one for every scenario), else the figure's declared rule.
  ///
  /// - Parameters:
  ///   - overrides: The `--tolerance` values, in the order given.
  ///   - figure: The figure's name.
  ///   - result: The scenario's result.
  /// - Returns: The rule to judge by.
  package static func rule(_ overrides: [ToleranceOverride], figure: String, of result: HistoryResult) -> FigureRule {
    var rule = FigureRule.rule(for: figure)
    let applying = overrides.filter { $0.applies(to: figure, of: result) }
    guard let chosen = applying.last(where: { $0.scenario != nil }) ?? applying.last else { return rule }
    if let tolerance = chosen.tolerance {
      // A relative tolerance keeps the declared floor (a resampler's shift stays below it).
      rule.tolerance = FigureRule.Tolerance(
        absolute: tolerance.absolute, relative: tolerance.relative,
        floor: tolerance.relative == nil ? 0 : rule.tolerance.floor)
    } else {
      rule.worse = .neither
    }
    return rule
  }
}
