import AVFAudioTwin
import Foundation
import Simulation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import SpeechTwin
import Testing

/// `speech-replay run --html DIR`, loaded in headless Chromium: the pages' lanes, result bars,
/// failure markers and escaping, seen in the DOM after the page's script ran.
@Suite(.serialized) struct HTMLReportBrowserTests {
  /// A scenario whose model says `<script>…` (it must show as text) and whose snapshot expectation
  /// is wrong (the failure must sit where the snapshot was taken).
  static let failing = """
    schema: 1
    name: a <script> transcript & a wrong snapshot
    audio: audio/hello-world.wav
    model:
      results:
        - { at: 0.5s, text: "<script>document.body.setAttribute('data-pwned','1')</script> uh" }
        - { at: 0.7s, withdraw: true }
        - { at: 0.9s, text: "hello" }
        - { at: 1.3s, text: "hello world" }
        - { at: 1.7s, final: "Hello <b>world</b>." }
    steps:
      - start
      - play: 600ms
      - snapshot: guessing
      - play: end
      - wait: 1s
      - stop
    expect:
      snapshots:
        guessing: { volatile: "not what the model said" }
      final: { committed: "Hello <b>world</b>.", volatile: "" }

    """

  static let passing = """
    schema: 1
    name: hello world passes
    audio: audio/hello-world.wav
    model:
      results:
        - { at: 0.9s, text: "hello" }
        - { at: 1.7s, final: "Hello world." }
    steps:
      - start
      - play: end
      - wait: 1s
      - stop
    expect:
      final: { committed: "Hello world.", volatile: "" }

    """

  /// Where screenshots go: `.build/html-report-artifacts/` (ignored by git).
  static var artifacts: URL { TestFiles.root.appendingPathComponent(".build/html-report-artifacts") }

  /// Writes both scenarios, runs them with `--html`, and returns the report folder and the failing scenario's file.
  private func report(in folder: TemporaryFolder) throws -> (report: URL, failing: String) {
    let failing = try folder.write("suite/a-failing.yaml", Self.failing)
    try folder.write("suite/b-passing.yaml", Self.passing)
    try FileManager.default.createSymbolicLink(
      at: folder.url.appendingPathComponent("suite/audio"), withDestinationURL: TestFiles.audio)
    let report = folder.url.appendingPathComponent("report")
    let run = try CommandLineRun([
      "run", folder.url.appendingPathComponent("suite").path, "--jobs", "2", "--no-history", "--html", report.path,
    ])
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    return (report, failing)
  }

  /// The page file of a scenario in the report.
  private func page(for file: String, in report: URL) throws -> URL {
    let names = try FileManager.default.contentsOfDirectory(atPath: report.path).filter {
      $0.hasSuffix(".html") && $0 != "index.html"
    }
    let name = try #require(
      names.first { $0.hasSuffix((file as NSString).lastPathComponent + ".html") }, "no page for \(file) among \(names)"
    )
    return report.appendingPathComponent(name)
  }

  /// The failing scenario's timeline, written by a worker as `run --html` has its workers write it.
  private func timeline(of file: String, in folder: TemporaryFolder) throws -> Timeline {
    let timelines = folder.url.appendingPathComponent("timelines")
    try FileManager.default.createDirectory(at: timelines, withIntermediateDirectories: true)
    _ = try CommandLineRun(["run-scenario", file, "--timeline-dir", timelines.path])
    return try #require(HTMLReport.readTimeline(at: HTMLReport.timelineFile(for: file, in: timelines.path)))
  }

  @Test func theScenarioPageRendersInChromiumWithItsLanesBarsAndFailureMarker() throws {
    let browser = try HeadlessChromium()
    let folder = try TemporaryFolder(prefix: "HTMLReportBrowserTests")
    defer { folder.remove() }
    let (report, failing) = try report(in: folder)
    let page = try page(for: failing, in: report)
    let dump = try browser.dumpDOM(page)
    let dom = dump.standardOutput

    // The script ran to its end without an error.
    #expect(dom.contains("data-ready=\"1\""), "the page's script did not finish: \(dump.standardError.suffix(2000))")
    let scriptError = dom.firstMatch(of: #/data-error="[^"]*"/#).map { String($0.output) } ?? ""
    #expect(scriptError.isEmpty, "the page's script failed: \(scriptError)")
    #expect(!dump.standardError.contains("Uncaught"), "console: \(dump.standardError.suffix(2000))")

    // Every lane is there.
    for lane in [
      "audio", "heard", "steps", "phase", "taps", "input", "results", "ui", "ledger", "diagnostics", "failures",
    ] {
      #expect(dom.contains("id=\"lane-\(lane)\""), "no lane \(lane)")
    }

    // One bar per analyzer.result event of the run.
    let events = try timeline(of: failing, in: folder)
    let results = events.events(AnalyzerResultEvent.self)
    #expect(results.count == 5)
    #expect(dom.matches(of: #/<rect class="result /#).count == results.count)
    #expect(dom.matches(of: #/<rect class="result volatile withdrawn"/#).count == 1)
    // Few tap buffers: one tick each (aggregation starts above TimelineLanes' sparse limit).
    let buffers = events.events.filter { EngineBufferEvent($0) != nil }.count
    #expect(buffers > 0)
    #expect(dom.matches(of: #/<rect class="tap"/#).count == buffers)

    // The failure is listed with a link to its marker, and the marker sits where the snapshot was taken.
    let snapshot = try #require(events.events(ScenarioSnapshotEvent.self).first)
    let expected = Self.seconds(snapshot.time)
    #expect(dom.contains("href=\"#failure-1\""))
    let marker = try #require(dom.firstMatch(of: #/<g id="failure-1" class="failure-marker" data-time="([0-9.]+)"/#))
    #expect(
      String(marker.output.1) == expected,
      "the failure marker is at \(marker.output.1) s, the snapshot at \(expected) s")
    #expect(expected != "0.000")

    // Opening the page at a failure's anchor scrolls the plot to its marker and rings it.
    var anchored = URLComponents(url: page, resolvingAgainstBaseURL: false)!
    anchored.fragment = "failure-1"
    let jumped = try browser.dumpDOM(anchored.url!).standardOutput
    #expect(
      jumped.contains("<g id=\"failure-1\" class=\"failure-marker flash\""), "the anchor did not reveal the marker")

    // The transcript's <script> is text, not an element: one script (the page's own), no effect.
    #expect(dom.matches(of: #/<script/#).count == 1)
    #expect(!dom.contains("data-pwned=\""), "the transcript's script ran")
    #expect(dom.contains("&lt;script&gt;document.body.setAttribute('data-pwned','1')&lt;/script&gt; uh"))
    #expect(dom.contains("Hello &lt;b&gt;world&lt;/b&gt;."))

    // A screenshot, kept as an artefact.
    try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
    let png = Self.artifacts.appendingPathComponent("failing-scenario.png")
    try? FileManager.default.removeItem(at: png)
    _ = try browser.screenshot(page, to: png)
    let bytes = try Data(contentsOf: png)
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG: \(png.path)")
    #expect(bytes.count > 20_000, "the screenshot is suspiciously small (\(bytes.count) bytes): \(png.path)")
  }

  /// The "analyzer heard" lane: what the analyzer received, beside the microphone's waveform, with
  /// the spans the audio check judged. A stack that drops every tenth buffer shows red marks where
  /// the microphone heard the lost audio, each naming its check; the reference stack shows the same
  /// audio and no mark.
  @Test func theHeardLaneDrawsWhatTheAnalyzerReceivedAndMarksLostAudio() throws {
    let browser = try HeadlessChromium()
    let folder = try TemporaryFolder(prefix: "HTMLReportBrowserTests")
    defer { folder.remove() }
    let file = try folder.write("suite/b-passing.yaml", Self.passing)
    try FileManager.default.createSymbolicLink(
      at: folder.url.appendingPathComponent("suite/audio"), withDestinationURL: TestFiles.audio)
    func dom(faults: String) throws -> String {
      let report = folder.url.appendingPathComponent("report-\(faults.isEmpty ? "reference" : faults)")
      let run = try CommandLineRun(
        ["run", file, "--no-history", "--html", report.path],
        environment: faults.isEmpty ? [:] : ["SPEECH_REPLAY_BUG_ZOO_FAULTS": faults])
      #expect(run.status == (faults.isEmpty ? 0 : 1), "\(run.standardOutput)\(run.standardError)")
      let dump = try browser.dumpDOM(try page(for: file, in: report))
      #expect(dump.standardOutput.contains("data-ready=\"1\""), "\(dump.standardError.suffix(2000))")
      return dump.standardOutput
    }

    let reference = try dom(faults: "")
    #expect(reference.contains("id=\"lane-heard\""))
    let heardPath = try #require(reference.firstMatch(of: #/<path class="heard" d="([^"]+)"/#))
    // The analyzer heard the sentence: many columns of audio, as the microphone lane has.
    #expect(heardPath.output.1.matches(of: #/M/#).count > 100)
    #expect(!reference.contains("class=\"heard-mark"), "the reference stack loses nothing")

    let dropping = try dom(faults: "dropsEveryTenthBuffer")
    let marks = dropping.matches(of: #/<rect class="heard-mark heard-lost"[^>]*data-check="audio.lost"/#)
    #expect(marks.count >= 1, "no lost span marked")
    // Each mark sits inside the run, where the microphone heard the audio (its tip says which tap buffers).
    let times = dropping.matches(of: #/<rect class="heard-mark heard-lost"[^>]*data-time="([0-9.]+)"/#).map {
      Double($0.output.1)!
    }
    #expect(times.allSatisfy { $0 > 0 && $0 < 6 }, "\(times)")
    #expect(dropping.contains("never reached the analyzer"))
    #expect(dropping.contains("tap buffer"))
    #expect(dropping.contains("analyzer heard:"), "the legend names the marks")
  }

  @Test func theIndexListsFailuresFirstAndLinksEveryPage() throws {
    let browser = try HeadlessChromium()
    let folder = try TemporaryFolder(prefix: "HTMLReportBrowserTests")
    defer { folder.remove() }
    let (report, failing) = try report(in: folder)
    let dump = try browser.dumpDOM(report.appendingPathComponent("index.html"))
    let dom = dump.standardOutput
    #expect(dom.contains("data-ready=\"1\""), "the index's script did not finish: \(dump.standardError.suffix(2000))")
    #expect(!dom.contains("data-error=\""))
    let rows = dom.matches(of: #/<tr data-status="([a-z]+)">/#).map { String($0.output.1) }
    #expect(rows == ["failed", "passed"])
    let failingPage = try page(for: failing, in: report).lastPathComponent
    #expect(dom.contains("<a href=\"\(failingPage)\">a &lt;script&gt; transcript &amp; a wrong snapshot</a>"))
    #expect(dom.contains("1 passed, 1 failed"))
    try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
    _ = try browser.screenshot(
      report.appendingPathComponent("index.html"), to: Self.artifacts.appendingPathComponent("index.png"))
  }

  @Test func theSameRunGivesTheSameBytesExceptWallTimes() throws {
    let folder = try TemporaryFolder(prefix: "HTMLReportBrowserTests")
    defer { folder.remove() }
    let first = try report(in: folder).report
    let pages = try FileManager.default.contentsOfDirectory(atPath: first.path).sorted()
    let firstPages = try pages.map { try String(contentsOf: first.appendingPathComponent($0), encoding: .utf8) }
    try FileManager.default.removeItem(at: first)
    let second = try report(in: try TemporaryFolder(prefix: "HTMLReportBrowserTests-second")).report
    defer { try? FileManager.default.removeItem(at: second.deletingLastPathComponent()) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: second.path).sorted() == pages)
    for (name, text) in zip(pages, firstPages) {
      let again = try String(contentsOf: second.appendingPathComponent(name), encoding: .utf8)
      #expect(Self.withoutWallTimes(again) == Self.withoutWallTimes(text), "\(name) differs beyond wall times")
    }
  }

  @Test func aWaitOverItsBudgetIsARedBarOnTheBudgetLane() throws {
    let browser = try HeadlessChromium()
    let folder = try TemporaryFolder(prefix: "HTMLReportBrowserTests")
    defer { folder.remove() }
    try folder.linkAudioFixtures()
    let file = try folder.write(
      "over.yaml",
      """
      schema: 1
      name: a final over its budget
      audio: audio/hello-world.wav
      model:
        transcript: audio/hello-world.words.tsv
        generate: { volatileEvery: 200ms, finalAfterSilence: 800ms, style: sentence }
      steps:
        - start
        - play: end
        - wait: 1s
        - stop
      expect:
        final: { committed: "Hello world." }
        budgets:
          final: 1ms
          firstVolatile: 2s

      """)
    let report = folder.url.appendingPathComponent("report")
    let run = try CommandLineRun(["run", file, "--no-history", "--html", report.path])
    #expect(run.status == 1)
    let dom = try browser.dumpDOM(try page(for: file, in: report)).standardOutput
    #expect(dom.contains("data-ready=\"1\""))
    #expect(dom.contains("id=\"lane-budgets\""))
    #expect(dom.matches(of: #/<rect class="budget over"/#).count == 1, "the final is over its 1 ms budget")
    #expect(dom.matches(of: #/<rect class="budget"/#).count == 1, "the first volatile text is within its 2 s budget")
    #expect(dom.contains("<tr class=\"over\"><td>final each</td>"))
  }

  @Test func anImportedCaptureShowsTheDevicesUIBesideTheReplaysAndTheFirstDivergence() throws {
    let browser = try HeadlessChromium()
    let folder = try TemporaryFolder(prefix: "HTMLReportBrowserTests")
    defer { folder.remove() }
    let imported = folder.url.appendingPathComponent("imported")
    let capture = TestFiles.fixtures.appendingPathComponent("captures/field-session.speechcapture").path
    let importRun = try CommandLineRun(["capture", "import", capture, "--out", imported.path])
    #expect(importRun.status == 0, "\(importRun.standardError)")
    let file = imported.appendingPathComponent("field-session.yaml").path
    let report = folder.url.appendingPathComponent("report")
    // The capture was made with the stop-without-finalizing trap; the replay (fixed stack) differs.
    let run = try CommandLineRun(["run", file, "--no-history", "--html", report.path])
    #expect(run.status == 1)
    let dom = try browser.dumpDOM(try page(for: file, in: report)).standardOutput
    #expect(dom.contains("data-ready=\"1\""))
    #expect(dom.contains("id=\"lane-observed\""))
    #expect(dom.contains("id=\"divergence-note\""))
    let divergence = try #require(dom.firstMatch(of: #/<g id="divergence" class="divergence" data-time="([0-9.]+)"/#))
    #expect(String(divergence.output.1) == "2.300")
    // The device's UI lane holds the states the device showed (a segment per change of its text).
    let observedLane = try #require(dom.firstMatch(of: #/id="lane-observed"(.*?)id="lane-/#.dotMatchesNewlines()))
    #expect(observedLane.output.1.matches(of: #/class="ui-text"/#).count >= 4)
  }

  @Test func aCrashedScenarioHasAPageWithTheWorkersOutputAndComesFirstInTheIndex() throws {
    let browser = try HeadlessChromium()
    let folder = try TemporaryFolder(prefix: "HTMLReportBrowserTests")
    defer { folder.remove() }
    try folder.write("suite/a-pass.yaml", "schema: 1\nname: passes\nsteps: [start, stop]\n# probe: pass\n")
    let trap = try folder.write("suite/b-trap.yaml", "schema: 1\nname: traps\nsteps: [start, stop]\n# probe: trap\n")
    let report = folder.url.appendingPathComponent("report")
    let probe = try CommandLineRun.executable(named: "scenario-worker-probe").path
    let run = try CommandLineRun([
      "run", folder.url.appendingPathComponent("suite").path, "--worker", probe, "--no-history", "--html", report.path,
    ])
    #expect(run.status == 1)
    let dom = try browser.dumpDOM(try page(for: trap, in: report)).standardOutput
    #expect(dom.contains("data-ready=\"1\""))
    #expect(dom.contains("data-status=\"crashed\""))
    #expect(dom.contains("probe worker about to trap"))
    #expect(dom.contains("<g id=\"failure-1\" class=\"failure-marker\""))
    let index = try browser.dumpDOM(report.appendingPathComponent("index.html")).standardOutput
    #expect(index.matches(of: #/<tr data-status="([a-z]+)">/#).map { String($0.output.1) } == ["crashed", "passed"])
  }

  @Test func theWriterEscapesEveryPieceOfText() {
    var html = HTMLWriter()
    html.open("p", ["title": "\"quoted\" & 'single' <b>"])
    html.text("<script>alert(1)</script> & \u{1B}")
    html.close("p")
    #expect(
      html.output
        == "<p title=\"&quot;quoted&quot; &amp; &#39;single&#39; &lt;b&gt;\">&lt;script&gt;alert(1)&lt;/script&gt; &amp; \u{FFFD}</p>"
    )
  }

  /// The text of a wall-clock time in a page, and the paths that differ between two folders, replaced.
  static func withoutWallTimes(_ page: String) -> String {
    page.replacing(#/<span class="wall">[^<]*<\/span>/#, with: "<span class=\"wall\"></span>")
      .replacing(#/<td class="num wall">[^<]*<\/td>/#, with: "<td class=\"num wall\"></td>")
      .replacing(#/<tr class="wall"><td>wallSeconds<\/td><td class="num">[^<]*<\/td>/#, with: "")
      .replacing(#/HTMLReportBrowserTests[-a-zA-Z0-9]*/#, with: "FOLDER")
      // The index's run line says when the run started: a wall-clock time too.
      .replacing(#/started [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]+Z/#, with: "started TIME")
  }

  static func seconds(_ duration: Duration) -> String {
    let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
