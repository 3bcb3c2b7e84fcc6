import Foundation
import SpeechReplayTestSupport
import Testing

/// `speech-replay compare --baseline RUN --html FILE`: two runs side by side, regressions highlighted.
@Suite struct ComparisonPageTests {
  static func scenario(expecting committed: String) -> String {
    """
    schema: 1
    name: compared scenario
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
      final: { committed: "\(committed)" }

    """
  }

  @Test func aScenarioThatStoppedPassingIsARegressedRow() throws {
    let browser = try HeadlessChromium()
    let folder = try TemporaryFolder(prefix: "ComparisonPageTests")
    defer { folder.remove() }
    try folder.linkAudioFixtures()
    let history = folder.url.appendingPathComponent("history.sqlite").path
    let file = try folder.write("compared.yaml", Self.scenario(expecting: "Hello world."))
    _ = try CommandLineRun(["run", file, "--history", history])
    try folder.write("compared.yaml", Self.scenario(expecting: "Goodbye <world>."))
    _ = try CommandLineRun(["run", file, "--history", history])
    let page = folder.url.appendingPathComponent("compare.html")
    let compare = try CommandLineRun([
      "compare", "--baseline", "1", "--run", "2", "--history", history, "--html", page.path,
    ])
    #expect(compare.status == 1, "\(compare.standardOutput)\(compare.standardError)")
    let dump = try browser.dumpDOM(page)
    let dom = dump.standardOutput
    #expect(dom.contains("data-ready=\"1\""), "\(dump.standardError.suffix(1500))")
    #expect(!dom.contains("data-error=\""))
    #expect(dom.contains("<tr data-status=\"regressed\" class=\"regressed\">"))
    #expect(dom.contains("status passed → failed"))
    #expect(dom.contains("<h1>Run 2 compared with baseline 1</h1>"))
    #expect(dom.contains("1 regressions"))
  }
}
