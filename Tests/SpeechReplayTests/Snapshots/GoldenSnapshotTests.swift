import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// Golden files: missing with `never`, recording in each mode, the mismatch diff and artefact,
/// obsolete files, and the record mode from the flag and the environment.
@Suite(.serialized) struct GoldenSnapshotTests {
  static let yaml = """
    schema: 1
    name: hello
    audio: audio/hello-world.wav
    model: { transcript: audio/hello-world.words.tsv }
    steps:
      - start
      - play: end
      - snapshot: heard
      - wait: 1s
      - stop
    expect:
      golden: all

    """

  /// A scenario in a fresh folder, its golden folder and an artefacts folder inside it.
  struct Fixture {
    let scenario: String
    let golden: GoldenFolder
    let artifacts: String

    init(_ yaml: String = GoldenSnapshotTests.yaml) throws {
      scenario = try TestFiles.write(yaml, name: "hello.yaml")
      golden = GoldenFolder(scenarioFile: scenario)
      artifacts = ((scenario as NSString).deletingLastPathComponent as NSString).appendingPathComponent("artifacts")
    }

    func run(_ record: SnapshotRecordMode, failOnObsolete: Bool = false) -> ScenarioResult {
      ScenarioRunner(
        subject: .reference,
        snapshots: SnapshotOptions(record: record, artifactsFolder: artifacts, failOnObsolete: failOnObsolete)
      )
      .run(fileAt: scenario, seed: nil)
    }

    func stored(_ name: String) -> String? {
      FileManager.default.contents(atPath: golden.file(for: name)).map { String(decoding: $0, as: UTF8.self) }
    }

    func store(_ name: String, _ text: String) throws {
      try FileManager.default.createDirectory(atPath: golden.path, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: golden.file(for: name)))
    }
  }

  static let heard = "phase: listening\nmicrophone: offered\ncommitted: \"\"\nvolatile: \"hello world\"\n"
  static let final = "phase: idle\nmicrophone: offered\ncommitted: \"Hello world.\"\nvolatile: \"\"\n"

  @Test func theRenderingHasAFixedFieldOrderAndOneLinePerField() {
    let state = UIState(
      committed: "a \"b\"\\c\nd\te\r\n", volatile: "é", phase: .failed("x: y"), microphoneOffered: false)
    #expect(
      state.rendered
        == "phase: failed: x: y\nmicrophone: hidden\ncommitted: \"a \\\"b\\\"\\\\c\\nd\\te\\r\\n\"\nvolatile: \"é\"\n")
    #expect(state.rendered.split(separator: "\n").count == 4)
    #expect(
      UIState(phase: .failed("no\nnetwork")).rendered.hasPrefix("phase: failed: no\\nnetwork\nmicrophone: offered\n"))
  }

  @Test func theGoldenFolderIsBesideTheScenario() {
    let folder = GoldenFolder(scenarioFile: "Scenarios/hello-world.yaml")
    #expect(folder.path == "Scenarios/__Snapshots__/hello-world")
    #expect(folder.file(for: "final") == "Scenarios/__Snapshots__/hello-world/final.txt")
    #expect(GoldenFolder(scenarioFile: "hello.yml").file(for: "a") == "./__Snapshots__/hello/a.txt")
  }

  @Test func aMissingGoldenFileFailsWithNeverAndSaysHowToRecordIt() throws {
    let fixture = try Fixture()
    let result = fixture.run(.never)
    #expect(result.status == .failed)
    #expect(
      result.failures.map(\.message)
        == ["heard", "final"].map {
          "the golden snapshot '\($0)' has no file \(fixture.golden.file(for: $0)); record it with `SPEECH_REPLAY_RECORD=missing` (in a test: the .recordingSnapshots(.missing) trait), review it and commit it"
        })
    #expect(result.failures.first?.location?.line == 12, "at expect.golden")
    #expect(fixture.stored("final") == nil, "never writes nothing")
  }

  @Test func recordingMissingWritesByteExactFilesThenTheRunPasses() throws {
    let fixture = try Fixture()
    let first = fixture.run(.missing)
    #expect(first.status == .failed, "recording is reviewed before it passes")
    #expect(first.failures.count == 2)
    #expect(
      first.failures.first?.message.hasPrefix(
        "recorded the golden snapshot 'heard' to \(fixture.golden.file(for: "heard")) (record mode missing); it did not exist"
      ) == true)
    #expect(fixture.stored("heard") == Self.heard)
    #expect(fixture.stored("final") == Self.final)
    #expect(first.figures["snapshots.recorded"] == 2)
    let second = fixture.run(.never)
    #expect(second.status == .passed, "\(second.failures)")
    #expect(second.figures["snapshots.matched"] == 2)
  }

  @Test func missingModeLeavesAMismatchingFileAndFailedModeRewritesIt() throws {
    let fixture = try Fixture()
    try fixture.store("heard", Self.heard)
    try fixture.store("final", Self.final.replacingOccurrences(of: "Hello world.", with: "Hello word."))
    let missing = fixture.run(.missing)
    #expect(missing.failures.count == 1)
    #expect(missing.failures.first?.message.hasPrefix("the snapshot 'final' differs from its golden file") == true)
    #expect(fixture.stored("final")?.contains("Hello word.") == true, "missing does not rewrite a file that exists")
    let failed = fixture.run(.failed)
    #expect(failed.failures.count == 1)
    #expect(failed.failures.first?.message.contains("recorded the golden snapshot 'final'") == true)
    #expect(
      failed.failures.first?.message.contains("- committed: \"Hello word.\"\n+ committed: \"Hello world.\"") == true,
      "\(failed.failures)")
    #expect(fixture.stored("final") == Self.final)
    #expect(fixture.run(.never).status == .passed)
  }

  @Test func allRewritesEveryFileAndPassesWhenNothingChanged() throws {
    let fixture = try Fixture()
    try fixture.store("heard", Self.heard)
    try fixture.store("final", Self.final)
    let attributes = try FileManager.default.attributesOfItem(atPath: fixture.golden.file(for: "heard"))
    let result = fixture.run(.all)
    #expect(result.status == .passed, "\(result.failures)")
    #expect(result.figures["snapshots.matched"] == 2)
    #expect(
      try FileManager.default.attributesOfItem(atPath: fixture.golden.file(for: "heard"))[.size] as? Int == attributes[
        .size] as? Int)
    try fixture.store("heard", "stale\n")
    let changed = fixture.run(.all)
    #expect(changed.failures.count == 1)
    #expect(fixture.stored("heard") == Self.heard)
  }

  @Test func aMismatchShowsALineDiffAndWritesTheActualTextToTheArtefacts() throws {
    let fixture = try Fixture()
    try fixture.store("heard", Self.heard)
    try fixture.store("final", Self.final.replacingOccurrences(of: "Hello world.", with: "Hello word."))
    let result = fixture.run(.never)
    let artifact = (fixture.artifacts as NSString).appendingPathComponent("hello/final.txt")
    #expect(
      result.failures.map(\.message) == [
        """
        the snapshot 'final' differs from its golden file \(fixture.golden.file(for: "final")):
        --- golden
        +++ actual
          phase: idle
          microphone: offered
        - committed: "Hello word."
        + committed: "Hello world."
          volatile: ""
        the actual text is in \(artifact); compare with `diff \(fixture.golden.file(for: "final")) \(artifact)`. \
        If the change is intended, record it with `SPEECH_REPLAY_RECORD=failed` (in a test: the .recordingSnapshots(.failed) trait) and commit the golden file
        """
      ])
    #expect(FileManager.default.contents(atPath: artifact).map { String(decoding: $0, as: UTF8.self) } == Self.final)
    #expect(fixture.stored("final")?.contains("Hello word.") == true, "never leaves the golden file alone")
  }

  @Test func obsoleteGoldenFilesAreAWarningOrAFailureWhenAsked() throws {
    let fixture = try Fixture()
    try fixture.store("heard", Self.heard)
    try fixture.store("final", Self.final)
    try fixture.store("before-rename", Self.heard)
    let warned = fixture.run(.never)
    #expect(warned.status == .passed, "\(warned.failures)")
    #expect(warned.figures["snapshots.obsolete"] == 1)
    let line =
      "warning: obsolete golden snapshot (no snapshot of the scenario uses it): \(fixture.golden.file(for: "before-rename")); delete it or add the snapshot steps back"
    #expect(warned.output == line + "\n")
    let failed = fixture.run(.never, failOnObsolete: true)
    #expect(failed.status == .failed)
    #expect(
      failed.failures.map(\.message) == [line.dropFirst("warning: ".count) + " (failing because of --fail-on-obsolete)"]
    )
  }

  @Test func aByteDifferenceInWhitespaceIsAMismatch() throws {
    let fixture = try Fixture()
    try fixture.store("heard", Self.heard)
    try fixture.store("final", Self.final + " ")
    let result = fixture.run(.never)
    #expect(result.failures.count == 1)
    #expect(result.failures.first?.message.contains("- \\ (no line break at the end)") == false)
  }

  @Test func theFlagWinsOverTheEnvironmentVariable() throws {
    #expect(try SnapshotRecordMode.resolve(flag: nil, environment: [:]) == .never)
    #expect(try SnapshotRecordMode.resolve(flag: nil, environment: ["SPEECH_REPLAY_RECORD": "missing"]) == .missing)
    #expect(try SnapshotRecordMode.resolve(flag: "all", environment: ["SPEECH_REPLAY_RECORD": "missing"]) == .all)
    #expect(try SnapshotRecordMode.resolve(flag: "FAILED", environment: [:]) == .failed)
    #expect(
      try SnapshotOptions.fromEnvironment(["SPEECH_REPLAY_RECORD": "all", "SPEECH_REPLAY_FAIL_ON_OBSOLETE": "1"])
        == SnapshotOptions(record: .all, failOnObsolete: true))
    #expect(throws: SnapshotError.self) {
      try SnapshotRecordMode.resolve(flag: nil, environment: ["SPEECH_REPLAY_RECORD": "always"])
    }
    do {
      _ = try SnapshotRecordMode.resolve(flag: "yes", environment: [:])
    } catch {
      #expect(
        error.message
          == "--record is 'yes' but must be one of never, missing, failed, all; never is the default and CI's mode")
    }
    do {
      _ = try SnapshotOptions.fromEnvironment(["SPEECH_REPLAY_FAIL_ON_OBSOLETE": "maybe"])
    } catch {
      #expect(error.message == "SPEECH_REPLAY_FAIL_ON_OBSOLETE is 'maybe' but must be 1 or 0 (true or false)")
    }
  }

  @Test func theLineDiffKeepsCommonLinesAndMarksChanges() {
    let diff = LineDiff(expected: "a\nb\nc\n", actual: "a\nx\nc\nd\n")
    #expect(diff.lines == [.same("a"), .removed("b"), .added("x"), .same("c"), .added("d")])
    #expect(diff.hasChanges)
    #expect(!LineDiff(expected: "a\n", actual: "a\n").hasChanges)
    #expect(LineDiff(expected: "a \n", actual: "a\n").rendered == "--- golden\n+++ actual\n- a ⏎\n+ a\n")
  }

  @Test func snapshotKeysAreCheckedWhenTheFileIsRead() throws {
    let unknown = try TestFiles.write(Self.yaml.replacingOccurrences(of: "golden: all", with: "golden: [heard, hurd]"))
    do {
      _ = try Scenario.load(fileAt: unknown)
      Issue.record("an unknown golden name was accepted")
    } catch {
      #expect(
        error.message
          == "'expect.golden' lists 'hurd' but the steps take 'heard', did you mean 'heard'?; add '- snapshot: hurd' to the steps, or use 'final' for the state after the last step"
      )
    }
    // expect.snapshots holds inline states only; golden files are expect.golden's.
    for shorthand in ["snapshots: [final]", "snapshots: golden"] {
      let file = try TestFiles.write(Self.yaml.replacingOccurrences(of: "golden: all", with: shorthand))
      do {
        _ = try Scenario.load(fileAt: file)
        Issue.record("'\(shorthand)' was accepted as golden files")
      } catch {
        #expect(
          error.message.hasPrefix("'expect.snapshots' maps snapshot names to expected states"), "\(error.message)")
        #expect(error.message.contains("'golden: all' or 'golden: [names]'"))
      }
    }
    let reserved = try TestFiles.write(Self.yaml.replacingOccurrences(of: "snapshot: heard", with: "snapshot: final"))
    do {
      _ = try Scenario.load(fileAt: reserved)
      Issue.record("a snapshot step named final was accepted with golden files")
    } catch {
      #expect(error.message.hasPrefix("a snapshot step is named 'final'"))
    }
  }
}
