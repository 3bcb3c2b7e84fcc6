import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

@Suite struct ReportTests {
  static let results = [
    ScenarioResult(name: "a", file: "Scenarios/a.yaml", status: .passed, seed: 1, wallSeconds: 0.125),
    ScenarioResult(
      name: "b", file: "Scenarios/b.yaml", status: .failed, seed: 2,
      failures: [
        ScenarioFailure(
          "first", check: CheckID(.state, "final"), at: SourceLocation(file: "Scenarios/b.yaml", line: 4, column: 7)),
        ScenarioFailure("second", check: CheckID(.budget, "final")),
      ],
      wallSeconds: 1.5),
    ScenarioResult(
      name: "c", file: "Scenarios/c.yaml", status: .crashed, seed: 3,
      failures: [ScenarioFailure("the worker was killed by signal 4", check: CheckID(.run, "crashed"))],
      output: "standard error:\nFatal error\n"),
    ScenarioResult(name: "d", file: "Scenarios/d.yaml", status: .skipped, seed: 4),
  ]

  @Test func summaryLineNamesCrashesAndSkipsOnlyWhenThereAreAny() {
    #expect(RunSummary(results: Self.results).line == "1 passed, 1 failed, 1 crashed, 1 skipped")
    #expect(RunSummary(results: Array(Self.results.prefix(2))).line == "1 passed, 1 failed")
    #expect(RunSummary(results: []).line == "0 passed, 0 failed")
    #expect(RunSummary(results: Array(Self.results.prefix(1))).succeeded)
    #expect(!RunSummary(results: [Self.results[2]]).succeeded)
    #expect(RunSummary(results: Self.results).wallSeconds == 1.625)
  }

  @Test func jsonReportDecodesBack() throws {
    let report = JSONReport(results: Self.results)
    let decoded = try JSONReport.decode(try report.encoded())
    #expect(decoded == report)
    #expect(decoded.summary.crashed == 1)
    let object = try JSONSerialization.jsonObject(with: try report.encoded()) as? [String: Any]
    #expect(Set(object?.keys.map { $0 } ?? []) == ["results", "summary"])
  }

  @Test func plainLogIsInSuiteOrderWhateverTheFinishingOrder() {
    let planned = Self.results.map { PlannedScenario(file: $0.file, name: $0.name) }
    var text = ""
    let console = ConsoleReporter(style: .plain, scenarios: planned) { text += $0 }
    for index in [2, 0, 3] {
      console.started(index)
      console.finished(index, Self.results[index])
    }
    // b has not finished: only a may be printed yet.
    #expect(text == "PASS a (Scenarios/a.yaml) 0.12 s\n")
    console.finished(1, Self.results[1])
    console.finish(RunSummary(results: Self.results))
    #expect(
      text == """
        PASS a (Scenarios/a.yaml) 0.12 s
        FAIL b (Scenarios/b.yaml) 1.50 s
        Scenarios/b.yaml:4:7: first
        second
        CRASH c (Scenarios/c.yaml) 0.00 s
        the worker was killed by signal 4
            | standard error:
            | Fatal error
        SKIP d (Scenarios/d.yaml) 0.00 s
        1 passed, 1 failed, 1 crashed, 1 skipped

        """)
  }

  @Test func progressStyleRewritesOneLineThenPrintsFailuresAndTheSummary() {
    let planned = Self.results.map { PlannedScenario(file: $0.file, name: $0.name) }
    var text = ""
    let console = ConsoleReporter(style: .progress, scenarios: planned) { text += $0 }
    for index in planned.indices {
      console.started(index)
      console.finished(index, Self.results[index])
    }
    console.finish(RunSummary(results: Self.results))
    // A skipped scenario is not counted as passed.
    #expect(text.contains("\r\u{1B}[2K[4/4] 1 passed, 2 failed, 1 skipped"))
    let afterProgress = text.components(separatedBy: "\r\u{1B}[2K").last ?? ""
    #expect(afterProgress.hasPrefix("FAIL b (Scenarios/b.yaml)"))
    #expect(!afterProgress.contains("PASS a"))
    #expect(afterProgress.hasSuffix("\n1 passed, 1 failed, 1 crashed, 1 skipped\n"))
  }
}

extension ReportTests {
  @Test func theConsoleShowsAScenariosWarningLines() {
    let line =
      "warning: obsolete golden snapshot (no snapshot of the scenario uses it): x/__Snapshots__/a/b.txt; delete it or add the snapshot steps back"
    let result = ScenarioResult(name: "a", file: "x/a.yaml", status: .passed, seed: 1, output: line + "\n")
    #expect(ConsoleReporter.lines(for: result).contains(line))
  }
}
