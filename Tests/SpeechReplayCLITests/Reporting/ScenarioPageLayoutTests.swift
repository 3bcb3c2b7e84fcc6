import Foundation
import SpeechReplayTestSupport
import Testing

@testable import SpeechReplayCLI

/// The report's rough edges a new user met, checked in headless Chromium: failures at the end of a
/// run, the UI-text lane's cut, the legends, the index's run metadata, a crashed scenario's seed.
@Suite(.serialized) struct ScenarioPageLayoutTests {
  /// A run whose final state is wrong: its failure is judged at the end of the run.
  static let wrongFinal = """
    schema: 1
    name: the final state is wrong
    audio: audio/hello-world.wav
    model:
      results:
        - { at: 0.5s, text: "a rather long volatile guess that will not fit its segment at all" }
        - { at: 0.7s, text: "hello" }
        - { at: 1.7s, final: "Hello world." }
    steps: [start, { play: end }, { wait: 1s }, stop]
    expect:
      final: { committed: "Goodbye world." }

    """

  private func report(_ text: String, in folder: TemporaryFolder) throws -> (index: URL, page: URL) {
    try folder.linkAudioFixtures()
    let file = try folder.write("wrong-final.yaml", text)
    let report = folder.url.appendingPathComponent("report")
    let run = try CommandLineRun(["run", file, "--no-history", "--html", report.path])
    #expect(run.status == 1, "\(run.standardError)")
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: report.path).first { $0.hasSuffix("wrong-final.yaml.html") })
    return (report.appendingPathComponent("index.html"), report.appendingPathComponent(name))
  }

  @Test func aFailureAtTheEndSitsAtTheRunsVirtualTimeInsideThePlot() throws {
    let browser = try HeadlessChromium()
    let folder = try TemporaryFolder(prefix: "ScenarioPageLayoutTests")
    defer { folder.remove() }
    let dom = try browser.dumpDOM(try report(Self.wrongFinal, in: folder).page).standardOutput
    #expect(dom.contains("data-ready=\"1\""))
    let header = try #require(dom.firstMatch(of: #/<span id="virtual-seconds">virtual ([0-9.]+) s<\/span>/#))
    let marker = try #require(
      dom.firstMatch(of: #/<g id="failure-1" class="failure-marker" data-time="([0-9.]+)"[^>]*><circle cx="([0-9.]+)"/#)
    )
    #expect(
      marker.output.1 == header.output.1,
      "the failure is at \(marker.output.1) s, the run ended at \(header.output.1) s")
    #expect(dom.contains("at \(header.output.1) s</a>"))
    // The marker (radius 6) and its number stay inside the plot's 1,600 units.
    #expect(Double(marker.output.2)! + 6 <= TimeAxis.width)
  }

  @Test func theUITextLaneCutsOnlyBetweenWordsAndTheLegendsStayOutOfThePlot() throws {
    let browser = try HeadlessChromium()
    let folder = try TemporaryFolder(prefix: "ScenarioPageLayoutTests")
    defer { folder.remove() }
    let dom = try browser.dumpDOM(try report(Self.wrongFinal, in: folder).page).standardOutput
    #expect(dom.contains("data-ready=\"1\""))
    #expect(!dom.contains("data-error=\""))
    let texts = dom.matches(
      of: #/<text class="z fit (?:committed|volatile)"[^>]*data-text="([^"]*)"[^>]*>([^<]*)<\/text>/#
    )
    .map { (full: Self.unescaped(String($0.output.1)), shown: Self.unescaped(String($0.output.2))) }
    #expect(!texts.isEmpty)
    var cuts = 0
    for text in texts where text.shown != text.full {
      cuts += 1
      #expect(text.shown.isEmpty || text.shown.hasPrefix("…"), "\(text)")
      let rest = String(text.shown.dropFirst())
      guard !rest.isEmpty else { continue }
      #expect(text.full.hasSuffix(rest), "\(text)")
      let before = text.full.dropLast(rest.count).last
      #expect(before == " ", "the cut '\(text.shown)' of '\(text.full)' starts inside a word")
    }
    #expect(cuts > 0, "the long volatile guess should not fit its segment")
    #expect(TimelineLanes.wordTail("the quick brown fox", fitting: 9) == "…fox")
    #expect(TimelineLanes.wordTail("the quick brown fox", fitting: 10) == "…brown fox")
    #expect(TimelineLanes.wordTail("the quick brown fox", fitting: 30) == "the quick brown fox")
    #expect(TimelineLanes.wordTail("unbreakable", fitting: 5) == "…")

    // A legend for the phases and results.
    let legend = try #require(dom.firstMatch(of: #/<p class="legend" id="legend">(.*?)<\/p>/#))
    for phase in ["idle", "preparing", "listening", "stopping", "failed"] {
      #expect(legend.output.1.contains("swatch phase-\(phase)"))
    }
    // The ledger's legend is in the label column, not drawn over the plot.
    let plot = try #require(dom.firstMatch(of: #/<svg id="timeline"(.*?)<\/svg><\/div>/#.dotMatchesNewlines()))
    #expect(!plot.output.1.contains("ledger-name"))
    let labels = try #require(dom.firstMatch(of: #/<svg class="labels"(.*?)<\/svg>/#.dotMatchesNewlines()))
    #expect(labels.output.1.contains("class=\"ledger-name ledger-0\""))
  }

  @Test func theIndexSaysWhenOnWhichCommitWithWhichSeedAndSubjectTheRunRan() throws {
    let browser = try HeadlessChromium()
    let folder = try TemporaryFolder(prefix: "ScenarioPageLayoutTests")
    defer { folder.remove() }
    let dom = try browser.dumpDOM(try report(Self.wrongFinal, in: folder).index).standardOutput
    let commit = try #require(GitCommit.current(in: CommandLineRun.repositoryRoot.path))
    let line = try #require(dom.firstMatch(of: #/<p class="meta">(started [^<]*)<\/p>/#)).output.1
    #expect(line.contains("commit \(commit.prefix(12))"), "\(line)")
    #expect(line.contains("seed each scenario's own"), "\(line)")
    #expect(line.contains("subject "), "\(line)")
  }

  @Test func aCrashedScenarioShowsTheSeedItWasStartedWith() throws {
    let browser = try HeadlessChromium()
    let folder = try TemporaryFolder(prefix: "ScenarioPageLayoutTests")
    defer { folder.remove() }
    let trap = try folder.write(
      "suite/trap.yaml", "schema: 1\nname: traps\nseed: 77\nsteps: [start, stop]\n# probe: trap\n")
    let report = folder.url.appendingPathComponent("report")
    let probe = try CommandLineRun.executable(named: "scenario-worker-probe").path
    let run = try CommandLineRun(["run", trap, "--worker", probe, "--no-history", "--html", report.path])
    #expect(run.status == 1)
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: report.path).first { $0.hasSuffix("trap.yaml.html") })
    let dom = try browser.dumpDOM(report.appendingPathComponent(name)).standardOutput
    #expect(dom.contains("data-status=\"crashed\""))
    #expect(
      dom.contains("<span id=\"seed\">seed 77 (the scenario's)</span>"),
      "\(dom.firstMatch(of: #/<span id="seed">[^<]*/#)?.output ?? "no seed")")
    let again = try CommandLineRun([
      "run", trap, "--worker", probe, "--no-history", "--seed", "0", "--html", report.path,
    ])
    #expect(again.status == 1)
    let overridden = try browser.dumpDOM(report.appendingPathComponent(name)).standardOutput
    #expect(overridden.contains("<span id=\"seed\">seed 0 (the run's --seed)</span>"))
  }

  static func unescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(
      of: "&quot;", with: "\""
    )
    .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&nbsp;", with: "\u{A0}")
    .replacingOccurrences(of: "&amp;", with: "&")
  }
}
