import Foundation
import SpeechReplayTestSupport
import Testing

/// `speech-replay run --record MODE` and `SPEECH_REPLAY_RECORD` through the binary: the worker
/// processes write the golden files, and the flag wins over the environment variable.
@Suite struct RecordFlagTests {
  let folder: URL
  let scenario: String

  init() throws {
    folder = try TemporaryFolder(prefix: "RecordFlagTests").url
    let audio = TestFiles.audio
    let yaml = """
      schema: 1
      name: hello
      audio: \(audio.appendingPathComponent("hello-world.wav").path)
      model: { transcript: \(audio.appendingPathComponent("hello-world.words.tsv").path) }
      steps: [start, { play: end }, { wait: 1s }, stop]
      expect: { golden: [final] }

      """
    scenario = folder.appendingPathComponent("hello.yaml").path
    try Data(yaml.utf8).write(to: URL(fileURLWithPath: scenario))
  }

  var golden: String { folder.appendingPathComponent("__Snapshots__/hello/final.txt").path }

  @Test func recordingWritesTheGoldenFileThenTheRunPasses() throws {
    let recording = try CommandLineRun(["run", "--record", "missing", "--jobs", "1", scenario])
    #expect(recording.status == 1, "a recording run fails so the file is reviewed")
    #expect(
      recording.standardOutput.contains("recorded the golden snapshot 'final' to \(golden)"),
      "\(recording.standardOutput)")
    #expect(
      FileManager.default.contents(atPath: golden).map { String(decoding: $0, as: UTF8.self) }
        == "phase: idle\nmicrophone: offered\ncommitted: \"Hello world.\"\nvolatile: \"\"\n")
    let checking = try CommandLineRun(["run", "--jobs", "1", scenario], environment: ["SPEECH_REPLAY_RECORD": ""])
    #expect(checking.status == 0, "\(checking.standardOutput)")
  }

  @Test func theFlagWinsOverTheEnvironmentVariable() throws {
    let flagged = try CommandLineRun(
      ["run", "--record", "never", "--jobs", "1", scenario], environment: ["SPEECH_REPLAY_RECORD": "missing"])
    #expect(flagged.status == 1)
    #expect(
      flagged.standardOutput.contains("has no file \(golden); record it with `speech-replay run --record missing"),
      "\(flagged.standardOutput)")
    #expect(!FileManager.default.fileExists(atPath: golden))
    let environment = try CommandLineRun(
      ["run", "--jobs", "1", scenario], environment: ["SPEECH_REPLAY_RECORD": "missing"])
    #expect(
      environment.standardOutput.contains("recorded the golden snapshot 'final'"), "\(environment.standardOutput)")
    #expect(FileManager.default.fileExists(atPath: golden))
  }

  @Test func aBadRecordModeIsAUsageError() throws {
    let run = try CommandLineRun(["run", "--record", "sometimes", scenario])
    #expect(run.status == 64)
    #expect(
      run.standardError.contains("--record is 'sometimes' but must be one of never, missing, failed, all"),
      "\(run.standardError)")
    let environment = try CommandLineRun(["run", scenario], environment: ["SPEECH_REPLAY_RECORD": "sometimes"])
    #expect(environment.status == 64)
    #expect(environment.standardError.contains("SPEECH_REPLAY_RECORD is 'sometimes'"), "\(environment.standardError)")
  }
}
