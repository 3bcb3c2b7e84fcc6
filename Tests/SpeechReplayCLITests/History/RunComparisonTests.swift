import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

@Suite("Run comparison")
struct RunComparisonTests {
  static func stored(
    _ name: String, status: ScenarioResult.Status = .passed, hash: String = "h", wall: Double = 1.0,
    virtual: Figures = ["results": 3]
  )
    -> HistoryResult
  {
    HistoryResult(
      ScenarioResult(
        name: name, file: "\(name).yaml", status: status, seed: 1, wallSeconds: wall, virtualSeconds: 2,
        traceHash: hash, figures: virtual))
  }

  @Test func identicalRunsHaveNoChanges() {
    let comparison = RunComparison(baseline: [[Self.stored("a")]], run: [Self.stored("a")])
    #expect(comparison.changes.isEmpty)
    #expect(!comparison.hasRegressions)
    #expect(comparison.rendered == "no changes\n")
  }

  @Test func resultsOfSeveralSubjectsAreComparedSubjectBySubject() {
    func result(_ subject: String, _ status: ScenarioResult.Status) -> HistoryResult {
      var stored = Self.stored("a", status: status)
      stored.subject = subject
      return stored
    }
    let baseline = [result("1.0", .failed), result("1.1", .passed)]
    #expect(RunComparison(baseline: [baseline], run: baseline).changes.isEmpty)
    let comparison = RunComparison(baseline: [baseline], run: [result("1.0", .failed), result("1.1", .failed)])
    #expect(comparison.changes.map(\.scenario) == ["a [1.1]"])
    #expect(comparison.changes.map(\.kind) == [.status(from: .passed, to: .failed)])
  }

  @Test func anyVirtualDifferenceIsReportedExactly() {
    let comparison = RunComparison(
      baseline: [[Self.stored("a", virtual: ["results": 3, "gone": 1])]],
      run: [Self.stored("a", virtual: ["results": 3.000001, "new": 2])])
    #expect(
      comparison.changes.map(\.kind) == [
        .virtualFigure(name: "gone", from: 1, to: nil), .virtualFigure(name: "new", from: nil, to: 2),
        .virtualFigure(name: "results", from: 3, to: 3.000001),
      ])
    #expect(!comparison.hasRegressions)
  }

  @Test func wallClockChangesCountOnlyAboveTheNoiseBand() {
    // +8 %: inside the 10 % band.
    #expect(
      RunComparison(baseline: [[Self.stored("a", wall: 1.0)]], run: [Self.stored("a", wall: 1.08)]).changes.isEmpty)
    // +30 %, 0.3 s: a regression.
    let slower = RunComparison(baseline: [[Self.stored("a", wall: 1.0)]], run: [Self.stored("a", wall: 1.3)])
    #expect(slower.changes.map(\.kind) == [.wallFigure(name: "wallSeconds", baseline: 1.0, value: 1.3, allowed: 0.10)])
    #expect(slower.hasRegressions)
    #expect(slower.rendered.contains("REGRESSED  a: wallSeconds 1.000 s → 1.300 s (wall, +30.0%; noise band ±10.0%)"))
    // +20 % but only 0.2 s: below the absolute floor.
    #expect(
      RunComparison(baseline: [[Self.stored("a", wall: 1.0)]], run: [Self.stored("a", wall: 1.2)]).changes.isEmpty)
    // +20 % of 2 s is 0.4 s: a regression.
    #expect(RunComparison(baseline: [[Self.stored("a", wall: 2.0)]], run: [Self.stored("a", wall: 2.4)]).hasRegressions)
    // -30 %: reported, not a regression.
    let faster = RunComparison(baseline: [[Self.stored("a", wall: 1.0)]], run: [Self.stored("a", wall: 0.7)])
    #expect(faster.changes.count == 1 && !faster.hasRegressions)
    // Tiny scenarios: +200 % of 50 ms is below the absolute floor.
    #expect(
      RunComparison(baseline: [[Self.stored("a", wall: 0.05)]], run: [Self.stored("a", wall: 0.15)]).changes.isEmpty)
  }

  @Test func heapGrowthPerLeakCycleIsComparedWithTheNoiseBand() {
    let heap = { (bytes: Double) in
      Self.stored(
        "a",
        virtual: Figures([
          Figure("leak.passes", 50, unit: .count), Figure("leak.heapBytesPerCycle", bytes, unit: .bytes, clock: .wall),
        ]))
    }
    // +5 % of the heap's growth is noise, not a change (an exact comparison would report it).
    #expect(RunComparison(baseline: [[heap(10_000)]], run: [heap(10_500)]).changes.isEmpty)
    // Twice the growth is a regression, reported as a machine figure.
    let doubled = RunComparison(baseline: [[heap(10_000)]], run: [heap(20_000)])
    #expect(
      doubled.changes.map(\.kind) == [
        .wallFigure(name: "leak.heapBytesPerCycle", baseline: 10_000, value: 20_000, allowed: 0.10)
      ])
    #expect(doubled.hasRegressions)
  }

  @Test func aNoisyBaselineWidensTheBand() {
    // Samples 1.0, 1.3, 0.7: mean 1.0, standard deviation 0.3, band 3 × 30 % = 90 %.
    let baselines = [1.0, 1.3, 0.7].map { [Self.stored("a", wall: $0)] }
    let allowed: Double = NoiseThreshold().allowedRelativeChange(samples: [1.0, 1.3, 0.7])
    #expect(abs(allowed - 0.9) < 1e-9)
    #expect(RunComparison(baseline: baselines, run: [Self.stored("a", wall: 1.5)]).changes.isEmpty)
    #expect(RunComparison(baseline: baselines, run: [Self.stored("a", wall: 2.0)]).hasRegressions)
  }

  @Test func statusHashAndMembershipChanges() {
    let comparison = RunComparison(
      baseline: [[Self.stored("a"), Self.stored("b", status: .failed), Self.stored("gone")]],
      run: [Self.stored("a", status: .crashed, hash: "h2"), Self.stored("b"), Self.stored("new")])
    #expect(
      comparison.changes.map(\.kind) == [
        .status(from: .passed, to: .crashed), .traceHash(from: "h", to: "h2"), .status(from: .failed, to: .passed),
        .added, .removed,
      ])
    #expect(comparison.changes.map(\.isRegression) == [true, false, false, false, true])
    #expect(comparison.hasRegressions)
  }

  @Test func aChangedTraceHashAloneIsNotARegression() {
    let comparison = RunComparison(baseline: [[Self.stored("a")]], run: [Self.stored("a", hash: "other")])
    #expect(comparison.changes.map(\.scenario) == ["a"])
    #expect(!comparison.hasRegressions)
  }
}

@Suite("Figure clocks")
struct FigureClockTests {
  /// History stores each figure with the clock its check gave it, not a guess from its name.
  @Test func historyKeepsEachFiguresClockWhateverItsName() {
    let figures = Figures([
      Figure("inputs", 4, unit: .count), Figure("wallet", 2, unit: .count),
      Figure("startup", 0.1, unit: .seconds, clock: .wall),
    ])
    let stored = HistoryResult(
      ScenarioResult(name: "a", file: "a.yaml", status: .passed, seed: 1, wallSeconds: 0.3, figures: figures))
    #expect(
      stored.figures == [
        "inputs": .init(value: 4, kind: .virtual), "wallet": .init(value: 2, kind: .virtual),
        "startup": .init(value: 0.1, kind: .wall),
        "wallSeconds": .init(value: 0.3, kind: .wall),
      ])
  }

  /// The heap's growth per leak cycle is measured on the machine, so its check marks it wall.
  @Test func aRunsHeapGrowthIsAWallFigure() throws {
    let result = ScenarioRunner(subject: .reference).run(
      fileAt: TestFiles.scenarios.appendingPathComponent("start-stop-cycles.yaml").path, seed: nil)
    let heap = try #require(result.figures.figure(named: "leak.heapBytesPerCycle"))
    #expect(heap.clock == .wall && heap.unit == .bytes)
    #expect(result.figures.figure(named: "leak.passes")?.clock == .virtual)
    #expect(result.figures.figure(named: "buffers")?.clock == .virtual)
  }

  /// Reports written before figures were typed still read, as virtual counts.
  @Test func plainFiguresOfOlderReportsDecode() throws {
    let figures = try JSONDecoder().decode(
      Figures.self, from: Data(#"{"inputs": 3, "leak.heapBytesPerCycle": 12}"#.utf8))
    #expect(figures.figure(named: "inputs") == Figure("inputs", 3, unit: .count))
    #expect(figures.figure(named: "leak.heapBytesPerCycle")?.clock == .wall)
    let typed = try JSONDecoder().decode(Figures.self, from: JSONEncoder().encode(figures))
    #expect(typed == figures)
  }
}
