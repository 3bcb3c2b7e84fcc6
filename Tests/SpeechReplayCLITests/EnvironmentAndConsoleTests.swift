import Foundation
import SpeechReplayTestSupport
import Testing

/// Every documented variable is checked in the parent before any worker starts (64, one line);
/// text from scenarios reaches the console with its control characters visible and long lines cut.
@Suite struct EnvironmentAndConsoleTests {
  let folder: URL

  init() throws {
    folder = try TemporaryFolder(prefix: "SpeechReplayCLITests").url
  }

  @Test(arguments: [
    ("SPEECH_REPLAY_FAIL_ON_OBSOLETE", "maybe", "must be 1 or 0"),
    ("SPEECH_REPLAY_RECORD", "sometimes", "SPEECH_REPLAY_RECORD"),
    ("SPEECH_REPLAY_RESAMPLER", "sinc", "soxr or libsamplerate"),
    ("SPEECH_REPLAY_MAIN_ACTOR_HANG", "fast", "a duration longer than 0"),
    ("SPEECH_REPLAY_TRACE_EVENTS_IN_MEMORY", "0", "a whole number of events"),
    ("SPEECH_REPLAY_TRACE_EVENTS_IN_MEMORY", String(repeating: "9", count: 5_000), "more characters"),
  ])
  func aBadVariableIsOneUsageErrorBeforeAnyWorker(name: String, value: String, words: String) throws {
    for command in [["run", "Scenarios/hello-world.yaml", "--no-history"], ["list", "Scenarios/hello-world.yaml"]] {
      let run = try CommandLineRun(command, environment: [name: value])
      #expect(run.status == 64, "\(name) \(command): \(run.status) \(run.standardOutput)")
      #expect(run.errorLines.count == 1, "\(run.standardError)")
      #expect(run.standardError.hasPrefix("speech-replay: error: "), "\(run.standardError)")
      #expect(run.standardError.contains(words), "\(run.standardError)")
      #expect(run.standardError.count < 600, "\(run.standardError.count)")
      #expect(!run.standardOutput.contains("CRASH") && !run.standardOutput.contains("PASS"))
    }
  }

  @Test func controlCharactersInANameAreVisibleOnTheConsole() throws {
    let audio = CommandLineRun.repositoryRoot.appendingPathComponent("fixtures/audio/hello-world.wav").path
    let scenario = folder.appendingPathComponent("escape.yaml")
    let longText = String(repeating: "x", count: 10_000)
    try """
    schema: 1
    name: "fake \\e[32mPASS\\e[0m\\r over a fail"
    audio: \(audio)
    steps: [start, { play: end }, stop]
    expect:
      final: { committed: "\(longText)" }
    """.write(to: scenario, atomically: true, encoding: .utf8)
    let run = try CommandLineRun(["run", scenario.path, "--no-history"])
    #expect(run.status == 1)
    #expect(!run.standardOutput.contains("\u{1B}") && !run.standardOutput.contains("\r"))
    #expect(
      run.standardOutput.contains("FAIL fake \\u{1B}[32mPASS\\u{1B}[0m\\u{D} over a fail"), "\(run.standardOutput)")
    #expect(
      run.standardOutput.contains("more characters; the JSON report holds them all"),
      "\(run.standardOutput.prefix(500))")
    #expect(run.standardOutput.split(separator: "\n").allSatisfy { $0.count < 4_200 })
  }
}
