import Foundation
import ReferenceSubjects
import SpeechReplay
import Testing

/// `expect.tolerances`: a scenario's own tolerances for `compare`, checked against the figures the
/// checks declare, carried on its results; and the tolerance syntax they share with `--tolerance`.
@Suite struct ScenarioTolerancesTests {
  static func parse(_ tolerances: String) throws -> Scenario {
    try Scenario.parse(
      yaml: "schema: 1\nsteps: [start, stop]\nexpect:\n  tolerances: \(tolerances)\n", file: "t.yaml",
      relativeTo: ".")
  }

  @Test func aScenarioNamesDeclaredFiguresAndPatternsWithTolerances() throws {
    let scenario = try Self.parse(#"{ latency.final.p50: 100ms, "latency.*.p90": 10%, audio.lostSeconds: off }"#)
    #expect(
      scenario.expectations.tolerances == [
        "latency.final.p50": "100ms", "latency.*.p90": "10%", "audio.lostSeconds": "off",
      ])
    // And its results carry them.
    let result = ScenarioRunner(subject: .reference).run(scenario, seed: nil)
    #expect(result.tolerances == scenario.expectations.tolerances)
    #expect(ScenarioRunner(subject: .reference).run(try Self.parse("{}"), seed: nil).tolerances == nil)
  }

  @Test func anUnknownFigureOrToleranceIsAnErrorAtItsLine() {
    func message(_ text: String) -> String {
      do {
        _ = try Self.parse(text)
        return "parsed"
      } catch { return String(describing: error) }
    }
    #expect(
      message("{ latency.final: 100ms }")
        == "t.yaml:4:17: 'latency.final' in 'expect.tolerances' names no figure a check reports; figures are named like latency.final.p50 or latency.*.p50 (History.md lists them)"
    )
    #expect(
      message("{ latency.final.p50: soon }").hasPrefix(
        "t.yaml:4:36: 'expect.tolerances.latency.final.p50' is 'soon', not a tolerance"))
    #expect(message("[100ms]").hasPrefix("t.yaml:4:15: 'expect.tolerances' must be a mapping of figures to tolerances"))
  }

  @Test func theToleranceSyntaxReadsAmountsPercentagesBothAndOff() {
    typealias Adjustment = FigureRule.Adjustment
    #expect(Adjustment(parsing: "off") == .off)
    #expect(Adjustment(parsing: "100ms") == .tolerance(FigureRule.Tolerance(absolute: 0.1)))
    #expect(Adjustment(parsing: "0.02") == .tolerance(FigureRule.Tolerance(absolute: 0.02)))
    #expect(Adjustment(parsing: "10%") == .tolerance(FigureRule.Tolerance(absolute: .infinity, relative: 0.1)))
    #expect(Adjustment(parsing: "50ms, 10%") == .tolerance(FigureRule.Tolerance(absolute: 0.05, relative: 0.1)))
    for bad in ["", "soon", "-5ms", "%", "50ms,", "nan"] {
      #expect(Adjustment(parsing: bad) == nil, "\(bad)")
    }
    // A relative tolerance keeps the declared floor: 10 % of 5 ms is under the 2 ms floor.
    let rule = Adjustment(parsing: "10%")!.applied(to: FigureRule.rule(for: "latency.final.p50"))
    #expect(rule.verdict(from: 0.005, to: 0.0065) == .change)
    #expect(rule.verdict(from: 0.5, to: 0.56) == .regression)
    #expect(Adjustment.off.applied(to: FigureRule.rule(for: "latency.final.p50")).verdict(from: 0.5, to: 5) == .change)
  }
}
