import Foundation
import SpeechReplayTestSupport
import Testing

/// `speech-replay explain` with `--kinds`, `--from`, `--to`, `--grep` and `--around-failure`.
@Suite struct ExplainFilterTests {
  /// The timeline lines of an explain output: `(seconds, kind)`.
  static func events(_ output: String) -> [(time: Double, kind: String, line: String)] {
    guard let start = output.range(of: "events):\n") else { return [] }
    return output[start.upperBound...].split(separator: "\n").compactMap { line in
      let parts = line.split(separator: " ", omittingEmptySubsequences: true)
      guard parts.count >= 2, parts[0].hasSuffix("s"), let time = Double(parts[0].dropLast()) else { return nil }
      return (time, String(parts[1]), String(line))
    }
  }

  @Test func kindsAndTimeWindowKeepOnlyMatchingEvents() throws {
    let run = try CommandLineRun([
      "explain", "Scenarios/withdrawn-volatile.yaml", "--kinds", "ui,result", "--from", "0.5s", "--to", "1000ms",
    ])
    #expect(run.status == 0, "\(run.standardError)")
    let events = Self.events(run.standardOutput)
    #expect(events.count == 6, "\(run.standardOutput)")
    #expect(
      events.allSatisfy { ["ui.state", "analyzer.result"].contains($0.kind) && $0.time >= 0.5 && $0.time <= 1.0 })
    #expect(run.standardOutput.contains("timeline (6 of "))
  }

  /// A `--kinds` name that matches nothing this run recorded (a typo) is named with the run's kinds,
  /// not left as an empty timeline that reads as "nothing happened"; a name that matches is not.
  @Test func aKindMatchingNoEventIsNamedWithTheRunsKinds() throws {
    let run = try CommandLineRun(["explain", "Scenarios/withdrawn-volatile.yaml", "--kinds", "reslt,ui"])
    #expect(run.status == 0, "\(run.standardError)")
    let note = try #require(
      run.standardOutput.split(separator: "\n").first { $0.hasPrefix("--kinds ") }, "\(run.standardOutput)")
    #expect(note.hasPrefix("--kinds 'reslt' matches no event of this run; its kinds: "), "\(note)")
    #expect(note.contains("analyzer.result") && note.contains("ui.state"), "\(note)")
    #expect(!Self.events(run.standardOutput).isEmpty)
    let matching = try CommandLineRun(["explain", "Scenarios/withdrawn-volatile.yaml", "--kinds", "result"])
    #expect(!matching.standardOutput.contains("matches no event"), "\(matching.standardOutput)")
  }

  @Test func grepMatchesTheLineIgnoringCase() throws {
    let run = try CommandLineRun(["explain", "Scenarios/withdrawn-volatile.yaml", "--grep", "HELLO WORLD"])
    let events = Self.events(run.standardOutput)
    #expect(!events.isEmpty)
    #expect(events.allSatisfy { $0.line.lowercased().contains("hello world") })
  }

  @Test func aroundFailurePrintsOnlyTheFirstFailuresNeighbourhood() throws {
    let folder = try TemporaryFolder(prefix: "ExplainFilterTests")
    defer { folder.remove() }
    try folder.linkAudioFixtures()
    let file = try folder.write(
      "wrong.yaml",
      """
      schema: 1
      name: a wrong snapshot
      audio: audio/hello-world.wav
      model:
        results:
          - { at: 0.5s, text: "uh" }
          - { at: 1.7s, final: "Hello world." }
      steps:
        - start
        - play: end
        - wait: 2s
        - snapshot: late
        - wait: 3s
        - stop
      expect:
        snapshots:
          late: { committed: "Goodbye." }

      """)
    let run = try CommandLineRun(["explain", file, "--around-failure"])
    #expect(run.status == 0, "\(run.standardError)")
    let failure = try #require(run.standardOutput.firstMatch(of: #/failure at ([0-9.]+)s: /#), "\(run.standardOutput)")
    let time = try #require(Double(failure.output.1))
    #expect(time > 2, "the failure should sit at the snapshot, after the audio and a 2 s wait")
    let events = Self.events(run.standardOutput)
    #expect(!events.isEmpty)
    #expect(events.allSatisfy { abs($0.time - time) <= 1.0 + 1e-9 }, "\(run.standardOutput)")
    #expect(events.contains { $0.kind == "scenario.snapshot" })
  }

  @Test func aTimeThatIsNotOneIsAUsageError() throws {
    let run = try CommandLineRun(["explain", "Scenarios/withdrawn-volatile.yaml", "--from", "soon"])
    #expect(run.status == 64)
    #expect(run.standardError.contains("--from 'soon' is not a time"))
  }
}
