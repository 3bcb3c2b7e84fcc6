import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import Testing

@testable import SpeechReplayCLI

/// Through the binary: identical runs compare as no change, a +350 ms final latency in one
/// scenario is a regression listed first and marked on the trend page for that scenario only, and
/// the edit that caused it is reported as an edit.
@Suite(.serialized) struct RegressionVerdictTests {
  /// Copies of three bundled scenarios, with the fixtures they name beside them.
  static func suite(in folder: TemporaryFolder) throws -> URL {
    let suite = folder.url.appendingPathComponent("Scenarios")
    try FileManager.default.createDirectory(at: suite, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: folder.url.appendingPathComponent("fixtures/audio"), withDestinationURL: TestFiles.audio)
    for name in ["two-commands.yaml", "hello-world.yaml", "streaming-metrics.yaml"] {
      try FileManager.default.copyItem(
        at: TestFiles.scenarios.appendingPathComponent(name), to: suite.appendingPathComponent(name))
    }
    return suite
  }

  @Test func identicalRunsAreNoChangeAndASlowerFinalIsTheFirstRegressionOfAnEditedScenario() throws {
    let browser = try HeadlessChromium()
    let folder = try TemporaryFolder(prefix: "RegressionVerdictTests")
    defer { folder.remove() }
    let suite = try Self.suite(in: folder)
    let history = folder.url.appendingPathComponent("history.sqlite").path
    for run in 1...3 {
      let result = try CommandLineRun([
        "run", suite.path, "--jobs", "2", "--history", history, "--label", "main-\(run)",
      ])
      #expect(result.status == 0, "\(result.standardError)")
    }
    // Three identical runs: no change against the last labelled run over the same files. Wall-clock
    // figures are not judged here: this machine is shared with other builds, and a 0.2 s scenario
    // took 0.44 s in one of three runs (the noise band's absolute floor is 0.25 s).
    let same = try CommandLineRun(["compare", "--history", history, "--tolerance", "wallSeconds=off"])
    #expect(same.status == 0, "\(same.standardOutput)\(same.standardError)")
    #expect(
      same.standardOutput.hasPrefix("comparing run 3 [main-3, commit ")
        && same.standardOutput.contains("with baseline 2 [main-2, commit ")
        && same.standardOutput.contains("(wall-clock noise band over runs 2, 1)"), "\(same.standardOutput)")
    let changes = same.standardOutput.split(separator: "\n").dropFirst().filter { $0.hasPrefix("  ") }
    #expect(changes.allSatisfy { $0.contains(": wallSeconds ") }, "\(same.standardOutput)")
    let identical = try trends(history, in: folder, browser: browser)
    #expect(identical.contains(#"data-regressions="0""#))
    #expect(!identical.contains("class=\"point regressed") && !identical.contains("class=\"point improved"))
    // No virtual figure moved: the only marks a chart can have are wall-clock ones.
    let charts = identical.matches(of: #/data-figure="([^"]+)"(.*?)<\/figure>/#.dotMatchesNewlines())
    #expect(charts.count >= 9)
    for chart in charts where chart.output.1 != "wallSeconds" {
      #expect(!chart.output.2.contains("point changed"), "\(chart.output.1)")
    }

    // The final comes 350 ms later after each utterance: the model waits longer after speech.
    let edited = suite.appendingPathComponent("two-commands.yaml")
    let text = try String(contentsOf: edited, encoding: .utf8)
    #expect(text.contains("finalAfterSilence: 700ms"))
    try text.replacingOccurrences(of: "finalAfterSilence: 700ms", with: "finalAfterSilence: 1050ms")
      .write(to: edited, atomically: true, encoding: .utf8)
    let slower = try CommandLineRun(["run", suite.path, "--jobs", "2", "--history", history, "--label", "pr"])
    #expect(slower.status == 0, "\(slower.standardError)")
    let compared = try CommandLineRun(["compare", "--history", history, "--tolerance", "wallSeconds=off"])
    #expect(compared.status == 1, "\(compared.standardOutput)\(compared.standardError)")
    let lines = compared.standardOutput.split(separator: "\n").map(String.init)
    let scenario = "two utterances give two finals; a misheard word is corrected before its final"
    let regressions = lines.drop { !$0.hasPrefix("regressions (") }.dropFirst().prefix { $0.hasPrefix("  ") }
    let first = try #require(regressions.first, "\(compared.standardOutput)")
    #expect(first.hasPrefix("  REGRESSED  \(scenario): latency.final."), "\(first)")
    // At least the 350 ms the model now waits (the final lands on the model's next result tick).
    let added = try #require(first.firstMatch(of: #/\(virtual, \+([0-9]+) ms/#).map { Int($0.output.1) ?? 0 })
    #expect(added >= 350, "\(first)")
    #expect(first.contains("[the scenario's inputs changed between the runs]"), "\(first)")
    #expect(regressions.allSatisfy { $0.contains(scenario) }, "\(regressions)")
    // The edit is reported as a finding of its own.
    #expect(
      lines.contains(
        "  changed    \(scenario): the scenario file changed between the runs: changes below may be the edit's, not the stack's"
      ))
    #expect(lines.last?.hasPrefix("regressions: \(regressions.count) (run 4 [pr, ") == true, "\(lines.last ?? "")")

    // The trend page marks that scenario only, and lists it first.
    let page = try trends(history, in: folder, browser: browser)
    let marked = page.matches(of: #/data-scenario="([^"]*)" data-regressed="1"/#).map { String($0.output.1) }
    #expect(marked == [scenario], "\(marked)")
    let sections = page.matches(of: #/<section class="[^"]*" id="trend-([0-9]+)" data-scenario="([^"]*)"/#)
    #expect(sections.first?.output.2 == scenario[...])
    #expect(page.contains(#"data-regressed-scenarios="1""#))
  }

  /// `history --html` loaded in headless Chromium; the DOM after its script ran.
  private func trends(_ history: String, in folder: TemporaryFolder, browser: HeadlessChromium) throws -> String {
    let page = folder.url.appendingPathComponent("trends.html")
    let run = try CommandLineRun([
      "history", "--history", history, "--html", page.path, "--tolerance", "wallSeconds=off",
    ])
    #expect(run.status == 0, "\(run.standardError)")
    let dump = try browser.dumpDOM(page)
    #expect(dump.standardOutput.contains("data-ready=\"1\""), "\(dump.standardError.suffix(2000))")
    return dump.standardOutput
  }

  @Test func anAdHocRunIsNotTheBaselineAndAScenarioOutsideItsPathsIsNotMissing() throws {
    let folder = try TemporaryFolder(prefix: "RegressionVerdictTests")
    defer { folder.remove() }
    let suite = try Self.suite(in: folder)
    let history = folder.url.appendingPathComponent("history.sqlite").path
    #expect(try CommandLineRun(["run", suite.path, "--history", history, "--label", "main"]).status == 0)
    // An ad-hoc run of one file, then the suite again without a label.
    let one = suite.appendingPathComponent("hello-world.yaml").path
    #expect(try CommandLineRun(["run", one, "--history", history]).status == 0)
    #expect(try CommandLineRun(["run", suite.path, "--history", history]).status == 0)
    // The default baseline is the labelled run over the same files, not the ad-hoc run before it.
    let compared = try CommandLineRun(["compare", "--history", history, "--tolerance", "wallSeconds=off"])
    #expect(compared.status == 0, "\(compared.standardOutput)\(compared.standardError)")
    #expect(compared.standardOutput.contains("with baseline 1 [main"), "\(compared.standardOutput)")
    // The ad-hoc run against the suite: the other two scenarios were not run, which is no regression.
    let adHoc = try CommandLineRun([
      "compare", "--history", history, "--run", "2", "--baseline", "1", "--tolerance", "wallSeconds=off",
    ])
    #expect(adHoc.status == 0, "\(adHoc.standardOutput)\(adHoc.standardError)")
    #expect(
      adHoc.standardOutput.components(separatedBy: "not run (in the baseline").count == 3, "\(adHoc.standardOutput)")
    // `last` is the newest run over the same files, labelled or not; the table says what each run covered.
    let last = try CommandLineRun(["compare", "--history", history, "--baseline", "last", "--run", "3"])
    #expect(last.standardOutput.contains("with baseline 1 ["), "\(last.standardOutput)")
    let listed = try CommandLineRun(["history", "--history", history])
    let rows = listed.standardOutput.split(separator: "\n")
    #expect(rows.first?.hasPrefix("run  started (UTC)") == true, "\(listed.standardOutput)")
    #expect(rows.count == 4 && rows[2].hasSuffix(one), "\(listed.standardOutput)")
  }
}
