import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// Which way each figure is worse, its tolerance, overrides, and edited, renamed and uncovered scenarios.
@Suite("Regression verdicts")
struct RegressionRuleTests {
  static func latency(_ name: String, final: Double, first: Double = 0.45, file: String? = nil) -> HistoryResult {
    var stored = RunComparisonTests.stored(
      name,
      virtual: Figures([
        Figure("latency.final.p50", final, unit: .seconds), Figure("latency.firstVolatile.p50", first, unit: .seconds),
      ]))
    if let file { stored.file = file }
    return stored
  }

  @Test func aWorseningBeyondItsToleranceIsARegressionAndASubMillisecondShiftIsNot() {
    func verdicts(_ from: Double, _ to: Double) -> [FigureRule.Verdict] {
      RunComparison(baseline: [[Self.latency("a", final: from)]], run: [Self.latency("a", final: to)]).changes.map(
        \.verdict)
    }
    #expect(verdicts(0.65, 1.00) == [.regression])  // +350 ms
    #expect(verdicts(0.65, 0.70) == [.regression])  // +50 ms
    #expect(verdicts(3.00, 3.05) == [.regression])  // +50 ms, under 2 %
    #expect(verdicts(0.15, 0.165) == [.regression])  // +10 %, 15 ms
    #expect(verdicts(0.8305, 0.8300) == [.change])  // a resampler's shift, either way
    #expect(verdicts(0.8300, 0.8305) == [.change])
    #expect(verdicts(0.65, 0.55) == [.improvement])
    let line = RunComparison(baseline: [[Self.latency("a", final: 0.65)]], run: [Self.latency("a", final: 1.0)])
      .rendered
    #expect(
      line
        == "regressions (1), largest first:\n  REGRESSED  a: latency.final.p50 0.650 s → 1.000 s (virtual, +350 ms, +53.8%; tolerance 20 ms or 5 % (at least 2 ms))\n"
    )
  }

  @Test func regressionsComeFirstLargestFirstThenImprovementsThenChanges() {
    let comparison = RunComparison(
      baseline: [
        [Self.latency("a", final: 0.5), Self.latency("b", final: 0.5, first: 0.4), RunComparisonTests.stored("c")]
      ],
      run: [
        Self.latency("a", final: 0.6), Self.latency("b", final: 1.0, first: 0.3),
        RunComparisonTests.stored("c", hash: "x"),
      ])
    #expect(comparison.regressions.map(\.scenario) == ["b", "a"])
    let marks = comparison.rendered.split(separator: "\n").map { String($0.prefix(24)) }
    #expect(
      marks == [
        "regressions (2), largest", "  REGRESSED  b: latency.", "  REGRESSED  a: latency.", "improvements (1):",
        "  improved   b: latency.", "other changes (1):", "  changed    c: trace ha",
      ])
  }

  @Test func toleranceOverridesApplyToAFigureInEveryScenarioOrInOne() throws {
    let baseline = [Self.latency("a", final: 0.65), Self.latency("b", final: 0.65)]
    let run = [Self.latency("a", final: 1.0), Self.latency("b", final: 1.0)]
    func regressed(_ overrides: [String]) throws -> [String] {
      let parsed = try overrides.map { try ToleranceOverride(parsing: $0) }
      return RunComparison(baseline: [baseline], run: run, tolerances: parsed).regressions.map(\.scenario)
    }
    #expect(try regressed([]) == ["a", "b"])
    #expect(try regressed(["latency.final.p50=500ms"]).isEmpty)
    #expect(try regressed(["latency.*.p50=60%"]).isEmpty)
    #expect(try regressed(["latency.*.p50=50%"]) == ["a", "b"])
    #expect(try regressed(["b.yaml:latency.final.p50=off"]) == ["a"])
    #expect(try regressed(["latency.final.p50=off", "a:latency.final.p50=100ms"]) == ["a"])
    #expect(throws: HistoryError.self) { try ToleranceOverride(parsing: "latency.final.p50") }
    #expect(throws: HistoryError.self) { try ToleranceOverride(parsing: "latency.final.p50=soon") }
  }

  @Test func anEditedOrRenamedScenarioAndOneTheRunDidNotCover() {
    var old = Self.latency("a", final: 0.65)
    old.fileHash = "1111"
    old.audioHash = "aaaa"
    var edited = old
    edited.fileHash = "2222"
    var moved = old
    moved.file = "moved/a.yaml"
    var other = RunComparisonTests.stored("b")
    other.fileHash = "3333"
    let comparison = RunComparison(baseline: [[old, other]], run: [edited])
    #expect(comparison.changes.map(\.kind) == [.edited(what: "the scenario file"), .removed])
    let renamed = RunComparison(baseline: [[old, other]], run: [moved], covers: { $0 == "a.yaml" })
    #expect(renamed.changes.map(\.kind) == [.renamed(from: "a.yaml", to: "moved/a.yaml"), .notRun])
    #expect(!renamed.hasRegressions)
  }

  @Test func everyFigureOfTheBundledChecksIsDeclaredInItsFamily() {
    // What the bundled scenarios report (their JSON reports hold these names and patterns' instances).
    let names = [
      "virtualSeconds", "buffers", "conversions", "inputs", "inputsRejected", "results", "uiStates", "traceEvents",
      "ledger.audioEngine", "wallSeconds", "timing.modelCost", "latency.final.count", "latency.final.p50",
      "latency.firstVolatile.p90", "latency.stopToIdle.max", "leak.passes", "leak.window", "leak.heapBytesPerCycle",
      "leak.SpeechAnalyzer.perCycle", "diagnostics", "metrics.upwr", "metrics.editsPerSecond", "snapshots.matched",
      "stack.input.peak", "audio.lostSeconds", "audio.worstSignalToNoise",
    ]
    for name in names {
      #expect(
        CheckID.Family.allCases.contains { $0.figureRules.contains { FigureRule.matches($0.pattern, name) } }, "\(name)"
      )
    }
    #expect(FigureRule.rule(for: "latency.final.p50").worse == .higher)
    #expect(FigureRule.rule(for: "audio.worstSignalToNoise").worse == .lower)
    #expect(FigureRule.rule(for: "an app's own figure") == .descriptive)
  }

  @Test func aScenariosOwnTolerancesAreStoredAndJudgeItsFiguresUnlessTheCommandLineSaysOtherwise() throws {
    let folder = try TemporaryFolder(prefix: "RegressionRuleTests")
    defer { folder.remove() }
    let store = try HistoryStore(path: folder.url.appendingPathComponent("history.sqlite").path)
    func result(_ final: Double) -> ScenarioResult {
      var result = ScenarioResult(
        name: "a", file: "a.yaml", status: .passed, seed: 1,
        figures: Figures([Figure("latency.final.p50", final, unit: .seconds)]))
      result.tolerances = ["latency.*.p50": "500ms", "latency.final.p50": "off"]
      return result
    }
    let first = try store.record(RunMetadata(), results: [result(0.65)])
    let second = try store.record(RunMetadata(), results: [result(1.0)])
    let baseline = try store.results(ofRun: first), run = try store.results(ofRun: second)
    #expect(run.first?.tolerances == ["latency.*.p50": "500ms", "latency.final.p50": "off"])
    // The most specific pattern wins: off, so +350 ms is a change, not a regression.
    #expect(RunComparison(baseline: [baseline], run: run).changes.map(\.verdict) == [.change])
    // The command line wins over the file.
    let strict = try ToleranceOverride(parsing: "latency.final.p50=20ms")
    #expect(RunComparison(baseline: [baseline], run: run, tolerances: [strict]).hasRegressions)
  }
}
