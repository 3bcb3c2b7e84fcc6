import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// `speech-replay merge REPORT.json…`: shard reports combined into one, recorded as one run.
@Suite struct MergeCommandTests {
  @Test func shardReportsBecomeOneReportAndOneRecordedRun() throws {
    let folder = try TemporaryFolder(prefix: "MergeCommandTests")
    defer { folder.remove() }
    let first = folder.url.appendingPathComponent("shard-1.json").path
    let second = folder.url.appendingPathComponent("shard-2.json").path
    _ = try CommandLineRun(["run", "Scenarios/withdrawn-volatile.yaml", "--json", first, "--no-history"])
    _ = try CommandLineRun(["run", "Scenarios/hello-world.yaml", "--json", second, "--no-history"])
    let history = folder.url.appendingPathComponent("history.sqlite").path
    let merged = folder.url.appendingPathComponent("merged.json").path
    let junit = folder.url.appendingPathComponent("merged.xml").path
    let html = folder.url.appendingPathComponent("html")
    let run = try CommandLineRun([
      "merge", first, second, "--json", merged, "--junit", junit, "--html", html.path, "--history", history,
    ])
    #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    #expect(run.standardOutput.contains("2 passed, 0 failed"))
    let report = try JSONReport.decode(try Data(contentsOf: URL(fileURLWithPath: merged)))
    #expect(report.results.map(\.file) == ["Scenarios/hello-world.yaml", "Scenarios/withdrawn-volatile.yaml"])
    #expect(report.summary.passed == 2)
    let xml = try String(contentsOf: URL(fileURLWithPath: junit), encoding: .utf8)
    #expect(xml.matches(of: #/<testcase /#).count == 2)
    let runs = try HistoryStore(path: history).runs()
    #expect(runs.count == 1)
    #expect(runs.first?.passed == 2)
    let index = try String(contentsOf: html.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(index.contains("speech-replay run 1 (merged)"))
    #expect(index.matches(of: #/<tr data-status="passed">/#).count == 2)
  }

  @Test func aFileThatIsNotAReportIsAnError() throws {
    let folder = try TemporaryFolder(prefix: "MergeCommandTests")
    defer { folder.remove() }
    let bad = try folder.write("bad.json", "{\"results\": 3}")
    let run = try CommandLineRun(["merge", bad, "--no-history"])
    #expect(run.status == 1)
    #expect(run.standardError.contains("bad.json: not a JSON report written by `run --json`"))
  }

  @Test func aFailedShardMakesTheMergeFail() throws {
    let folder = try TemporaryFolder(prefix: "MergeCommandTests")
    defer { folder.remove() }
    let report = JSONReport(results: [
      ScenarioResult(name: "a", file: "a.yaml", status: .passed, seed: 1),
      ScenarioResult(
        name: "b", file: "b.yaml", status: .failed, seed: 1,
        failures: [ScenarioFailure("wrong", check: CheckID(.state, "final"))]),
    ])
    let path = try folder.write("r.json", String(decoding: try report.encoded(), as: UTF8.self))
    let run = try CommandLineRun(["merge", path, "--no-history"])
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("1 passed, 1 failed"))
  }

  /// A report that decodes but holds times no run takes (edited by hand, written by another tool) is
  /// refused with the value's place, before it reaches the HTML pages, which trapped formatting them.
  @Test(arguments: [
    (1e308, 1.0, "results[0].wallSeconds is 1e+308"),
    (-5.0, 1.0, "results[0].wallSeconds is -5.0"),
    (0.5, -1e300, "results[0].virtualSeconds is -1e+300"),
  ])
  func aReportWithTimesNoRunTakesIsRefused(wall: Double, virtual: Double, expected: String) throws {
    let folder = try TemporaryFolder(prefix: "MergeCommandTests")
    defer { folder.remove() }
    var result = ScenarioResult(name: "a", file: "a.yaml", status: .passed, seed: 1)
    result.wallSeconds = wall
    result.virtualSeconds = virtual
    let path = try folder.write(
      "odd.json", String(decoding: try JSONReport(results: [result]).encoded(), as: UTF8.self))
    let html = folder.url.appendingPathComponent("html").path
    let run = try CommandLineRun(["merge", path, "--no-history", "--html", html])
    #expect(run.status == 1)
    #expect(
      run.standardError.contains(
        "odd.json: not a JSON report written by `run --json` (\(expected), not a time a run takes)"))
    #expect(!FileManager.default.fileExists(atPath: html))
  }

  @Test func aNumberOutOfRangeIsNotCalledNotJSON() throws {
    let folder = try TemporaryFolder(prefix: "MergeCommandTests")
    defer { folder.remove() }
    let report = String(
      decoding: try JSONReport(results: [ScenarioResult(name: "a", file: "a.yaml", status: .passed, seed: 1)])
        .encoded(),
      as: UTF8.self)
    let path = try folder.write("seed.json", report.replacingOccurrences(of: "\"seed\" : 1", with: "\"seed\" : -1"))
    let run = try CommandLineRun(["merge", path, "--no-history"])
    #expect(run.status == 1)
    #expect(
      run.standardError.contains(
        "seed.json: not a JSON report written by `run --json` (a value is not what a report holds"))
  }
}
