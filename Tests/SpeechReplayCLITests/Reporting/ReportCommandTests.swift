import Foundation
import SpeechReplayTestSupport
import Testing

/// `speech-replay report RUN --out DIR`: a recorded run's HTML report, scenario pages by re-running.
@Suite struct ReportCommandTests {
  @Test func aRecordedRunIsReportedByReRunningItsScenariosWithTheirSeeds() throws {
    let folder = try TemporaryFolder(prefix: "ReportCommandTests")
    defer { folder.remove() }
    let history = folder.url.appendingPathComponent("history.sqlite").path
    let recorded = try CommandLineRun([
      "run", "Scenarios/hello-world.yaml", "Scenarios/withdrawn-volatile.yaml", "--seed", "7", "--history", history,
    ])
    #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
    let out = folder.url.appendingPathComponent("report")
    let report = try CommandLineRun(["report", "1", "--history", history, "--out", out.path])
    #expect(report.status == 0, "\(report.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(names == ["Scenarios_hello-world.yaml.html", "Scenarios_withdrawn-volatile.yaml.html", "index.html"])
    let page = try String(contentsOf: out.appendingPathComponent("Scenarios_hello-world.yaml.html"), encoding: .utf8)
    #expect(page.contains("Re-run of run 1 with the recorded seed 7"))
    #expect(page.contains("the re-run&#39;s trace is the same."))
    #expect(page.contains("id=\"lane-results\""))
    let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(index.contains("<h1>speech-replay run 1</h1>"))
    #expect(index.contains("<a href=\"Scenarios_withdrawn-volatile.yaml.html\">"))
  }

  @Test func indexOnlyWritesTheIndexFromTheHistoryAlone() throws {
    let folder = try TemporaryFolder(prefix: "ReportCommandTests")
    defer { folder.remove() }
    let history = folder.url.appendingPathComponent("history.sqlite").path
    _ = try CommandLineRun(["run", "Scenarios/hello-world.yaml", "--history", history])
    let out = folder.url.appendingPathComponent("report")
    let report = try CommandLineRun(["report", "1", "--history", history, "--out", out.path, "--index-only"])
    #expect(report.status == 0, "\(report.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["index.html"])
    let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(index.contains("hello world is committed once"))
    #expect(!index.contains("<a href=\"Scenarios_"))
  }

  @Test func anUnknownRunSaysHowToListRuns() throws {
    let folder = try TemporaryFolder(prefix: "ReportCommandTests")
    defer { folder.remove() }
    let history = folder.url.appendingPathComponent("history.sqlite").path
    _ = try CommandLineRun(["run", "Scenarios/hello-world.yaml", "--history", history])
    let report = try CommandLineRun([
      "report", "9", "--history", history, "--out", folder.url.appendingPathComponent("r").path,
    ])
    // A run that does not exist is a usage error, as for `compare`.
    #expect(report.status == 64)
    #expect(report.standardError.contains("there is no run 9; list the runs with `speech-replay history`"))
  }
}
