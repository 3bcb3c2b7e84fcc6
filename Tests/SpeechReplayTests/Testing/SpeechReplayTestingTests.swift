import Foundation
import ReferenceSubjects
import SimulatedDevice
import Simulation
import SpeechReplayTestSupport
import SpeechReplayTesting
import SpeechShim
import Testing

/// The conveniences of SpeechReplayTesting: paths relative to the test file, the record-mode trait,
/// and a direct run on a simulated device. (SpeechReplayTesting re-exports SpeechReplay: this file
/// does not import it.)
@Suite(.serialized) struct SpeechReplayTestingTests {
  @Test func aScenarioPathIsRelativeToTheTestFile() {
    // This file is Tests/SpeechReplayTests/Testing/; the bundled scenarios are three folders up.
    let result = expectScenario("../../../Scenarios/hello-world.yaml", subject: .reference)
    #expect(result.status == .passed, "\(result.failures)")
    #expect(result.file == TestFiles.scenarios.appendingPathComponent("hello-world.yaml").path)
  }

  @Test func aMissingRelativeScenarioNamesTheResolvedPath() {
    var result: ScenarioResult?
    withKnownIssue {
      result = expectScenario("Scenarios/none.yaml", subject: .reference)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("Tests/SpeechReplayTests/Testing/Scenarios/none.yaml")
    }
    #expect(result?.status == .failed)
  }

  @Test func withSimulatedDeviceRunsTheBodyInVirtualTimeOnTheConfiguredDevice() throws {
    let buffers = try withSimulatedDevice(configure: { device in
      device.microphone.audioFile = TestFiles.audio.appendingPathComponent("hello-world.wav").path
    }) { device in
      let engine = AVAudioEngine()
      let counter = BufferCounter()
      // The block is made outside the main actor, as on a device: the render thread calls it.
      engine.inputNode.installTap(
        onBus: 0, bufferSize: 4800, format: engine.inputNode.outputFormat(forBus: 0), block: counter.tapBlock())
      try engine.start()
      try await Simulation.current!.clock.sleep(for: .seconds(1))  // one virtual second: ten 100 ms buffers
      engine.stop()
      engine.inputNode.removeTap(onBus: 0)
      #expect(device.configuration.microphone.audioFile?.hasSuffix("hello-world.wav") == true)
      return counter.count
    }
    #expect((9...11).contains(buffers), "\(buffers) buffers of 100 ms in one virtual second")
  }

  @Test func withSimulatedDeviceRethrowsTheBodysError() {
    struct Refused: Error, Equatable {}
    #expect(throws: Refused()) {
      try withSimulatedDevice { _ in throw Refused() }
    }
  }
}

/// Counts tap callbacks (the simulation runs them on one thread).
final class BufferCounter: @unchecked Sendable {
  private(set) var count = 0
  func add() { count += 1 }

  /// A tap block that counts, made in a nonisolated method so it is not main-actor isolated.
  nonisolated func tapBlock() -> AVAudioNodeTapBlock { { _, _ in self.add() } }
}

/// `.recordingSnapshots(.missing)`: a scenario run without its own snapshot options writes a missing
/// golden file (and fails once, so the file is reviewed); without the trait the same run only compares.
@Suite(.recordingSnapshots(.missing)) struct RecordingSnapshotsTraitTests {
  static let yaml = """
    schema: 1
    name: hello
    audio: audio/hello-world.wav
    model: { transcript: audio/hello-world.words.tsv }
    steps: [start, { play: end }, { wait: 1s }, stop]
    expect: { golden: [final] }
    """

  @Test func theTraitWritesAMissingGoldenFile() throws {
    let path = try TestFiles.write(Self.yaml, name: "hello.yaml")
    let golden = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(
      "__Snapshots__/hello/final.txt"
    ).path
    #expect(SnapshotRecordMode.scoped == .missing)
    var result: ScenarioResult?
    withKnownIssue {
      result = expectScenario(at: path, subject: .reference)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("recorded the golden snapshot 'final'")
    }
    #expect(result?.status == .failed)
    let text = try String(contentsOfFile: golden, encoding: .utf8)
    #expect(text.hasPrefix("phase: idle\n"), "\(text)")
    // Recorded once, the file now matches.
    #expect(expectScenario(at: path, subject: .reference).status == .passed)
  }

  @Test func theTraitScopesEachTestCaseNotTheSuite() throws {
    let trait = RecordingSnapshotsTrait.recordingSnapshots(.all)
    let test = try #require(Test.current)
    #expect(trait.isRecursive)
    #expect(
      trait.scopeProvider(for: test, testCase: nil) == nil, "a suite-wide scope would hold the turn its tests wait for")
  }
}

@Suite struct WithoutTheRecordingTraitTests {
  @Test func aMissingGoldenFileIsOnlyReported() throws {
    let path = try TestFiles.write(RecordingSnapshotsTraitTests.yaml, name: "hello.yaml")
    let golden = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(
      "__Snapshots__/hello/final.txt"
    ).path
    #expect(SnapshotRecordMode.scoped == nil)
    let result = ScenarioRunner(subject: .reference, snapshots: SnapshotOptions(record: .never)).run(
      fileAt: path, seed: nil)
    #expect(
      result.failures.map(\.message).contains {
        $0.contains("has no file") && $0.contains("SPEECH_REPLAY_RECORD=missing")
      })
    #expect(!FileManager.default.fileExists(atPath: golden))
  }
}
