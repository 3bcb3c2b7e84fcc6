import Foundation
import SpeechReplayTestSupport
import Testing

/// What a scenario names and generates is bounded: what would be slow is refused at its line with
/// the limit, through the binary, before any worker runs it.
@Suite struct BoundedLoadingTests {
  let folder: URL

  init() throws {
    folder = try TemporaryFolder(prefix: "SpeechReplayCLITests").url
  }

  private var audio: String {
    CommandLineRun.repositoryRoot.appendingPathComponent("fixtures/audio/hello-world.wav").path
  }

  private func scenario(_ body: String, name: String = "s.yaml") throws -> String {
    let url = folder.appendingPathComponent(name)
    try "schema: 1\nname: bounded\naudio: \(audio)\n\(body)".write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  /// `count` words 0.1 s apart, each 0.09 s long: one utterance, with no pause of 800 ms.
  private func transcript(words count: Int) throws -> String {
    let lines = (0..<count).map { "\($0 * 1_600)\t\($0 * 1_600 + 1_440)\t0\t0\tword\($0)" }
    let url = folder.appendingPathComponent("long-\(count).words.tsv")
    let header = "start_sample\tend_sample\tstart_s\tend_s\tword\n"
    try (header + lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test func aCadenceBelowTheFloorIsRefusedAtItsLine() throws {
    let path = try scenario(
      "model:\n  transcript: \(try transcript(words: 3))\n  generate: { volatileEvery: 1ns }\nsteps: [start, stop]\n")
    for command in [["list"], ["explain"], ["run", "--timeout", "5", "--no-history"]] {
      let run = try CommandLineRun(command + [path])
      #expect(run.status == 1, "\(command) \(run.status)")
      #expect(
        (run.standardOutput + run.standardError).contains(
          "s.yaml:6:30: 'model.generate.volatileEvery' must be at least 10ms"),
        "\(command): \(run.standardOutput)\(run.standardError)")
    }
  }

  @Test func oneLongUtteranceIsRefusedBeforeItIsGenerated() throws {
    let path = try scenario("model:\n  transcript: \(try transcript(words: 2_000))\nsteps: [start, stop]\n")
    let clock = ContinuousClock()
    let start = clock.now
    let run = try CommandLineRun(["list", path])
    #expect(clock.now - start < .seconds(30))
    #expect(run.status == 1)
    #expect(run.standardError.contains("s.yaml:5:15: the transcript"), "\(run.standardError)")
    #expect(
      run.standardError.contains("more than the 500000 a scenario may generate")
        && run.standardError.contains("its longest utterance is 2000 words from word 0"), "\(run.standardError)")
    // 300 words in one utterance are about 90 000 words of results: accepted.
    let accepted = try scenario(
      "model:\n  transcript: \(try transcript(words: 300))\nsteps: [start, stop]\n", name: "ok.yaml")
    let list = try CommandLineRun(["list", accepted])
    #expect(list.status == 0, "\(list.standardError)")
  }

  @Test func filesAScenarioNamesAreBoundedAndRangeChecked() throws {
    let big = folder.appendingPathComponent("big.words.tsv")
    try Data(count: (4 << 20) + 1).write(to: big)
    let run = try CommandLineRun(["list", try scenario("model:\n  transcript: \(big.path)\nsteps: [start, stop]\n")])
    #expect(run.standardError.contains("is 4 MB, more than the 4 MB a scenario may load"), "\(run.standardError)")
    let taps = folder.appendingPathComponent("taps.tsv")
    try "4800\t9223372036854775807\t48000\t1\n".write(to: taps, atomically: true, encoding: .utf8)
    let schedule = try CommandLineRun([
      "list",
      try scenario("device: { microphone: { tapSchedule: \(taps.path) } }\nsteps: [start, stop]\n", name: "t.yaml"),
    ])
    #expect(schedule.status == 1)
    #expect(schedule.standardError.contains("taps.tsv:1: '4800"), "\(schedule.standardError)")
    #expect(schedule.standardError.contains("at most 1000000000000 either way"), "\(schedule.standardError)")
  }

  /// Aliases nested through `cycle:` are counted as the steps they expand to.
  @Test func anAliasBombThroughCyclesIsRefusedInSteps() throws {
    var lines = ["steps:", "  - &a0 { cycle: { count: 100, steps: [start, stop] } }"]
    for level in 1...4 {
      lines.append(
        "  - &a\(level) { cycle: { count: 100, steps: [\(Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", "))] } }"
      )
    }
    let run = try CommandLineRun([
      "run", "--no-history", "--timeout", "20", try scenario(lines.joined(separator: "\n") + "\n"),
    ])
    #expect(run.status == 1)
    #expect(
      run.standardOutput.contains("steps in all (cycles multiply), more than the limit of 100000"),
      "\(run.standardOutput)")
  }
}
