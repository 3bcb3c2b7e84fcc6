import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import Testing

@testable import SpeechReplayCLI

/// `history --html FILE`: the trend page, loaded in headless Chromium, and `run --label`.
@Suite(.serialized) struct TrendPageTests {
  static func result(
    _ name: String, status: ScenarioResult.Status = .passed, wall: Double, final: Double
  ) -> ScenarioResult {
    ScenarioResult(
      name: name, file: "Scenarios/\(name).yaml", status: status, seed: 1, wallSeconds: wall, virtualSeconds: 4,
      traceHash: "h", figures: ["latency.final.p50": final, "latency.firstVolatile.p50": 0.4])
  }

  /// Five runs: `steady` keeps its figures but for noise inside the band; `slower` takes 3 s of
  /// wall time in run 5 instead of 1 s (a regression by compare's noise band); `shifted`'s virtual
  /// final latency moves in run 3 (a change, exact); `broken` fails in run 4 (a regression).
  static func recordFiveRuns(at path: String) throws {
    let store = try HistoryStore(path: path)
    let labels = ["v1.0", "v1.1", "v1.2", "v1.3", "v1.4"]
    for (index, label) in labels.enumerated() {
      let run = index + 1
      try store.record(
        RunMetadata(
          startedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 86_400),
          gitCommit: String(repeating: "\(run)", count: 40), label: label),
        results: [
          result("steady", wall: [1.0, 1.02, 0.99, 1.01, 1.0][index], final: 0.8),
          result("slower", wall: run == 5 ? 3.0 : 1.0, final: 0.8),
          result("shifted", wall: 1.0, final: run >= 3 ? 0.9 : 0.8),
          result("broken", status: run >= 4 ? .failed : .passed, wall: 1.0, final: 0.8),
        ])
    }
  }

  @Test func theTrendPageChartsEachFigureAndMarksWhatCompareFinds() throws {
    let browser = try HeadlessChromium()
    let folder = try TemporaryFolder(prefix: "TrendPageTests")
    defer { folder.remove() }
    let database = folder.url.appendingPathComponent("history.sqlite").path
    try Self.recordFiveRuns(at: database)
    let page = folder.url.appendingPathComponent("trends.html")
    let run = try CommandLineRun(["history", "--history", database, "--html", page.path])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains(" v1.4 "), "\(run.standardOutput)")

    let dump = try browser.dumpDOM(page)
    let dom = dump.standardOutput
    #expect(dom.contains("data-ready=\"1\""), "the page's script did not finish: \(dump.standardError.suffix(2000))")
    #expect(!dom.contains("data-error=\""))
    // Every run with its label, oldest first.
    let labels = dom.matches(of: #/<td class="label">([^<]*)<\/td>/#).map { String($0.output.1) }
    #expect(labels == ["v1.0", "v1.1", "v1.2", "v1.3", "v1.4"])
    // A chart per scenario and key figure, one point per run.
    for scenario in ["steady", "slower", "shifted", "broken"] {
      let section = try #require(
        dom.firstMatch(of: Regex("data-scenario=\"\(scenario)\"(.*?)</section>").dotMatchesNewlines()))
      let text = String(section.output[1].substring ?? "")
      for figure in ["latency.final.p50", "latency.firstVolatile.p50", "wallSeconds"] {
        #expect(text.contains("data-figure=\"\(figure)\""), "\(scenario) has no chart of \(figure)")
      }
      #expect(text.matches(of: #/<circle class="point/#).count == 15, "\(scenario): 5 points for each of 3 figures")
    }
    // Exactly what compare finds: the slow run, the failing run and the +100 ms final latency regress, noise does not.
    let rows = dom.matches(
      of:
        #/<tr data-status="([a-z]+)" class="[a-z]+"><td[^>]*>[a-z]+<\/td><td class="num">([0-9]+)<\/td><td>([^<]*)<\/td><td>[^<]*<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td>/#
    )
    .map { "\($0.output.1) run \($0.output.2) \($0.output.3) \($0.output.4): \($0.output.5)" }
    #expect(rows.count == 3, "\(rows)")
    #expect(rows.contains { $0.hasPrefix("regressed run 5 v1.4 slower: wallSeconds 1.000 s → 3.000 s") }, "\(rows)")
    #expect(rows.contains { $0.hasPrefix("regressed run 4 v1.3 broken: status passed → failed") }, "\(rows)")
    #expect(
      rows.contains { $0.hasPrefix("regressed run 3 v1.2 shifted: latency.final.p50 0.800 s → 0.900 s") }, "\(rows)")
    #expect(!rows.contains { $0.contains("steady") })
    // The points are marked the same way.
    let slower = try #require(dom.firstMatch(of: #/data-scenario="slower"(.*?)<\/section>/#.dotMatchesNewlines()))
    #expect(slower.output.1.contains("<circle class=\"point regressed\" cx=\"256\""))
    // Regressed scenarios first, newest regression first; the steady one last.
    let order = dom.matches(
      of: #/<section class="[^"]*" id="trend-[0-9]+" data-scenario="([a-z]+)" data-regressed="([01])"/#
    )
    .map { "\($0.output.1)=\($0.output.2)" }
    #expect(order == ["slower=1", "broken=1", "shifted=1", "steady=0"], "\(order)")
    #expect(dom.matches(of: #/<ol id="regressions">/#).count == 1)
    #expect(dom.contains(#"data-regressions="3""#))
    // Every chart starts at zero; a wall figure draws its noise band (runs 2 to 5, one ribbon).
    #expect(!dom.contains(#"data-scale-low="-"#))
    let steady = try #require(dom.firstMatch(of: #/data-scenario="steady"(.*?)<\/section>/#.dotMatchesNewlines()))
    let wall = try #require(
      steady.output.1.firstMatch(of: #/data-figure="wallSeconds"(.*?)<\/figure>/#.dotMatchesNewlines()))
    #expect(
      wall.output.1.matches(of: #/<polygon class="band" points="([^"]*)"/#).map {
        $0.output.1.split(separator: " ").count
      } == [16])
    #expect(wall.output.1.contains(#"<line class="zero""#))
    try FileManager.default.createDirectory(at: HTMLReportBrowserTests.artifacts, withIntermediateDirectories: true)
    _ = try browser.screenshot(page, to: HTMLReportBrowserTests.artifacts.appendingPathComponent("trends.png"))
  }

  @Test func theMarksAreCompareOwnChangesForEachRunAgainstTheRunsBeforeIt() throws {
    let folder = try TemporaryFolder(prefix: "TrendPageTests")
    defer { folder.remove() }
    let database = folder.url.appendingPathComponent("history.sqlite").path
    try Self.recordFiveRuns(at: database)
    let store = try HistoryStore(readingAt: database)
    let runs = Array(try store.runs(limit: 5).reversed())
    let results = try runs.map { try store.results(ofRun: $0.id) }
    let page = TrendPage(runs: runs, results: results)
    let run5 = page.marks.filter { $0.run == 4 }.map(\.change)
    let compared = RunComparison(baseline: [results[3], results[2], results[1], results[0]], run: results[4]).changes
    #expect(run5 == compared)
  }

  @Test func runRecordsTheCommitAsItsLabelUnlessOneIsGiven() throws {
    let folder = try TemporaryFolder(prefix: "TrendPageTests")
    defer { folder.remove() }
    let database = folder.url.appendingPathComponent("history.sqlite").path
    let commit = try #require(
      GitCommit.current(in: CommandLineRun.repositoryRoot.path), "the tests run in a git checkout")
    let plain = try CommandLineRun(["run", "Scenarios/hello-world.yaml", "--history", database])
    #expect(plain.status == 0, "\(plain.standardError)")
    let labelled = try CommandLineRun([
      "run", "Scenarios/hello-world.yaml", "--history", database, "--label", "release 2.1",
    ])
    #expect(labelled.status == 0, "\(labelled.standardError)")
    let runs = try HistoryStore(readingAt: database).runs(limit: 2)
    #expect(runs.map(\.metadata.label) == ["release 2.1", String(commit.prefix(12))])
  }
}
