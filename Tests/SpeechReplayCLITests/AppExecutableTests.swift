import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// An app's own executable (`app-replay-probe`: the command-line library with subjects of its own)
/// running the bundled suite: capabilities a stack lacks are skipped, several subjects run in one
/// run and stay apart in every report, and every message names the executable.
@Suite struct AppExecutableTests {
  static let app = "app-replay-probe"
  let folder: URL

  init() throws {
    folder = try TemporaryFolder(prefix: "AppExecutableTests").url
  }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  @Test func aStackWithoutTheFeaturesPassesWithThoseScenariosSkippedInEveryReport() throws {
    let junit = path("junit.xml")
    let json = path("report.json")
    let run = try CommandLineRun(
      [
        "run", "Scenarios/", "--filter", "file-transcription|dictation-fallback|hello-world", "--jobs", "2",
        "--junit", junit, "--json", json, "--no-history",
      ], executable: Self.app)
    #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.last == "1 passed, 0 failed, 2 skipped", "\(run.standardOutput)")
    #expect(lines.contains { $0.hasPrefix("SKIP a recorded file is transcribed") }, "\(run.standardOutput)")
    #expect(
      lines.contains(
        "Scenarios/dictation-fallback.yaml:10:15: skipped: the scenario requires 'dictationFallback', and the subject app-live declares no capabilities; a stack that has it declares it in SubjectFactory(capabilities:)"
      ), "\(run.standardOutput)")
    #expect(try XMLLint.validateJUnit(junit).status == 0)
    #expect(try XMLLint.xpath("count(//testcase/skipped)", in: junit).output == "2")
    #expect(
      try XMLLint.xpath("string(//testsuite/@skipped)", in: junit).output == "2")
    #expect(
      try XMLLint.xpath("string(//testcase[skipped][1]/skipped/@message)", in: junit).output.contains(
        "skipped: the scenario requires"))
    let report = try JSONReport.decode(try Data(contentsOf: URL(fileURLWithPath: json)))
    #expect(report.summary.skipped == 2)
    #expect(report.subjects == nil, "one subject: no per-subject counts")
    let skipped = report.results.filter { $0.status == .skipped }
    #expect(skipped.map(\.file).sorted() == ["Scenarios/dictation-fallback.yaml", "Scenarios/file-transcription.yaml"])
    #expect(skipped.allSatisfy { $0.failures.first?.message.hasPrefix("skipped: the scenario requires") == true })
  }

  @Test func severalSubjectsRunInOneRunAndEveryReportKeepsThemApart() throws {
    let junit = path("junit.xml")
    let json = path("report.json")
    let history = path("history.sqlite")
    let html = path("html")
    let run = try CommandLineRun(
      [
        "run", "Scenarios/hello-world.yaml", "--subject", "app-live,app-tap-main", "--junit", junit, "--json", json,
        "--history", history, "--html", html,
      ], executable: Self.app)
    #expect(run.status == 1, "app-tap-main traps: \(run.standardOutput)\n\(run.standardError)")
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first == "== subject app-live (1 scenario)", "\(run.standardOutput)")
    #expect(
      lines.contains { $0.hasPrefix("PASS hello world") && $0.contains(" (Scenarios/hello-world.yaml) [app-live] ") })
    #expect(lines.contains("subject app-live: 1 passed, 0 failed"), "\(run.standardOutput)")
    #expect(lines.contains("== subject app-tap-main (1 scenario)"))
    #expect(
      lines.contains {
        $0.hasPrefix("CRASH hello world") && $0.contains(" (Scenarios/hello-world.yaml) [app-tap-main] ")
      })
    #expect(lines.contains("subject app-tap-main: 0 passed, 0 failed, 1 crashed"), "\(run.standardOutput)")
    #expect(lines.last == "1 passed, 0 failed, 1 crashed")
    // The worker's diagnostic names the executable that ran, and the crash quotes it.
    #expect(
      run.standardOutput.contains(
        "app-replay-probe: diagnostic: the tap block installed on AVAudioInputNode bus 0 is isolated to the main actor"),
      "\(run.standardOutput)")
    #expect(!run.standardOutput.contains("speech-replay: diagnostic:"))
    #expect(
      run.standardOutput.contains("Reproduce it alone with `app-replay-probe run-scenario Scenarios/hello-world.yaml"))

    let decoded = try JSONReport.decode(try Data(contentsOf: URL(fileURLWithPath: json)))
    #expect(decoded.results.map(\.subject) == ["app-live", "app-tap-main"])
    #expect(decoded.subjects?["app-live"]?.passed == 1)
    #expect(decoded.subjects?["app-tap-main"]?.crashed == 1)
    #expect(try XMLLint.validateJUnit(junit).status == 0)
    #expect(
      try XMLLint.xpath("string(//testsuite[1]/@name)", in: junit).output == "app-live/Scenarios"
        && (try XMLLint.xpath("string(//testsuite[2]/@name)", in: junit).output) == "app-tap-main/Scenarios")
    #expect(
      try XMLLint.xpath("string(//testsuite[2]/testcase/@classname)", in: junit).output == "app-tap-main.Scenarios")
    let index = try String(contentsOfFile: (html as NSString).appendingPathComponent("index.html"), encoding: .utf8)
    #expect(index.contains("href=\"app-live/index.html\""), "\(index)")
    #expect(
      FileManager.default.fileExists(atPath: (html as NSString).appendingPathComponent("app-tap-main/index.html")))

    // The history keys each result by its subject: the run compared with itself has no change (by
    // file alone, one subject's crash would be measured against the other's pass).
    let stored = try HistoryStore(path: history).results(ofRun: 1)
    #expect(stored.map(\.subject) == ["app-live", "app-tap-main"])
    let compare = try CommandLineRun(
      ["compare", "--baseline", "1", "--run", "1", "--history", history], executable: Self.app)
    #expect(compare.status == 0, "\(compare.standardOutput)\(compare.standardError)")
    #expect(compare.standardOutput.hasSuffix("\nno changes\n"), "\(compare.standardOutput)")
    // `report` re-runs one subject's scenarios: it asks which.
    let ambiguous = try CommandLineRun(
      ["report", "1", "--history", history, "--out", path("report"), "--index-only"], executable: Self.app)
    #expect(ambiguous.status == 64)
    #expect(
      ambiguous.standardError.contains(
        "run 1 holds the results of 2 subjects (app-live, app-tap-main); give --subject with one of them to write its report"
      ), "\(ambiguous.standardError)")
    let report = try CommandLineRun(
      ["report", "1", "--history", history, "--out", path("report"), "--index-only", "--subject", "app-tap-main"],
      executable: Self.app)
    #expect(report.status == 0, "\(report.standardError)")
    let reportIndex = try String(contentsOfFile: path("report/index.html"), encoding: .utf8)
    #expect(reportIndex.contains("subject app-tap-main of app-live, app-tap-main"), "\(reportIndex)")
  }

  @Test(arguments: [
    (
      ["run", "Scenarios/hello-world.yaml", "--subject", "app-live,app-tap-mian"],
      "app-replay-probe: error: --subject is 'app-tap-mian' but app-replay-probe knows 'app-live', 'app-tap-main', 'app-tap-cycle', did you mean 'app-tap-main'?; name one of them, or several as a comma list (see 'app-replay-probe help')"
    ),
    (
      ["run", "Scenarios/hello-world.yaml", "--subject", "app-live,,app-tap-main"],
      "app-replay-probe: error: --subject has an empty name in 'app-live,,app-tap-main'; give names separated by commas, such as --subject app-live,app-tap-main (see 'app-replay-probe help')"
    ),
    (
      ["run", "Scenarios/hello-world.yaml", "--subject", "app-live", "--subject", "app-live"],
      "app-replay-probe: error: --subject names 'app-live' twice; name each subject once (see 'app-replay-probe help')"
    ),
    (
      ["explain", "Scenarios/hello-world.yaml", "--subject", "app-live,app-tap-main"],
      "app-replay-probe: error: --subject names 2 subjects (app-live, app-tap-main), but explain runs one; give one name, or use `app-replay-probe run` for several (see 'app-replay-probe help')"
    ),
    (
      ["run", "Scenarios/", "--exclude", "."],
      "app-replay-probe: error: --exclude '.' leaves none of the \(TestFiles.scenarioFiles.count) scenarios found; an exclusion matches a name or path anywhere, so anchor it (for example '^Scenarios/slow-') and check it with `app-replay-probe list`"
    ),
    (
      ["run", "Scenarios/", "--exclude", "hello(", "--no-history"],
      "app-replay-probe: error: --exclude 'hello(' is not a valid regular expression; escape special characters such as ( [ * with a backslash (see 'app-replay-probe help')"
    ),
  ])
  func badArgumentsAreOneLineNamingTheExecutableAndWhatToDo(_ arguments: [String], _ message: String) throws {
    let run = try CommandLineRun(arguments + ["--no-history"], executable: Self.app)
    #expect(run.status == 64, "\(run.standardOutput)\n\(run.standardError)")
    #expect(run.errorLines == [message], "\(run.standardError)")
  }

  @Test func captureRecordsOneSubject() throws {
    let run = try CommandLineRun(
      ["run", "Scenarios/hello-world.yaml", "--subject", "app-live,app-tap-main", "--capture", path("captures")],
      executable: Self.app)
    #expect(run.status == 64)
    #expect(
      run.standardError.contains("--capture records one subject's runs, but --subject names 2"), "\(run.standardError)")
  }

  @Test func anExclusionLeavesOutWhatItMatchesAfterTheFilter() throws {
    let run = try CommandLineRun(
      [
        "run", "Scenarios/", "--filter", "^Scenarios/(hello-world|silence)\\.yaml$", "--exclude", "silence",
        "--no-history",
      ])
    #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
    let verdicts = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") }
    #expect(verdicts.count == 1 && verdicts[0].contains("(Scenarios/hello-world.yaml)"), "\(run.standardOutput)")
  }
}
