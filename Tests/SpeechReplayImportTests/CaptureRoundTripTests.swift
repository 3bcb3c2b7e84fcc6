import Foundation
import ReferenceSubjects
import Simulation
import SpeechReplay
import SpeechReplayCapture
import SpeechReplayImport
import SpeechReplayTestSupport
import Testing

/// Capture → import → replay over the bundled scenarios: the replay shows the same UI timeline,
/// event for event, and the stack's converter is fed byte-identical tap buffers.
///
/// `run --capture` is switched on per run through the subject option `speechReplayCaptureFolder`.
@Suite struct CaptureRoundTripTests {
  /// Scenarios whose outcome depends on device state a capture does not carry (yet): the network,
  /// a model download, locale reservations, a model fault or a model compute cost. Their captures
  /// import and replay, but the replay runs on a default device.
  static let needsDeviceState: Set<String> = [
    "aware-timing", "download-progress", "first-result-warm-and-cold", "install-and-remove", "model-error",
    "offline-first-run",
    "offline-first-run-recovers-quickly", "permission-denied", "reservation-limit", "slow-model-bounded-input",
    "stop-during-download",
    "model-error-restart-input-queue",
    // A denied permission, as permission-denied.
    "repeated-failed-starts",
    // A route change mid-capture: the audio file holds one format, so the second format's audio is
    // resampled into it and its buffers are not byte-identical (Documentation/Captures.md).
    "route-change", "interruption-ends-with-route-change", "bluetooth-headset-mid-session",
    // Inputs that deliver Int16: the imported tap schedule records each buffer's rate and channels
    // but not its sample type, so the replay's microphone delivers Float32 (not byte-identical).
    "int16-microphone", "route-change-int16-stereo",
    // Interruptions are not recorded in captures yet (the recorder has recordInterruption, the
    // reference subject's capture does not call it and the importer writes no `interrupt` step), so
    // the replay of a call the user took keeps listening.
    "interruption-without-resume", "notification-interruption",
    // A model profile's first-result and finalize delays (model.profile) are not recorded in
    // captures: the imported results are published without them.
    "stop-before-anything-final",
    // A subject locale with a Unicode extension (en-US-u-rg-eszzzz): the imported scenario's replay
    // finds no transcriber (the import does not carry this locale setup; not investigated yet).
    "locale-with-region-override",
    // The Speech twins' faults (an analyzer that stops, a request that returns while its asset
    // downloads, a converter error) and a first-use download are device state a capture does not carry.
    "analyzer-stops-mid-session", "download-returns-while-downloading", "converter-error-mid-stream",
    "first-words-while-model-downloads",
    // The device's supported and installed locales are not recorded in captures: the replays run on
    // the default device (the en-GB phone downloads a model first; the ru-RU one ends idle, not unavailable).
    "locale-with-equivalent-installed", "unsupported-locale-not-transcribed-as-english",
    // Failures of the audio system (`audioSystem:` steps) are not recorded in captures: the replay
    // runs without the refused activation, configuration change or reset. The system deactivation
    // also needs the 27 path's capability (the reference subject here is the 26 path).
    "audio-session-activation-refused", "engine-configuration-change", "media-services-reset",
    "interruption-ends-with-media-services-reset", "system-deactivation",
    // The record permission's first-launch prompt (an undetermined permission answered later) is
    // device state a capture does not record: the replay's device grants at once.
    "first-launch-permission-prompt", "first-launch-permission-denied",
  ]

  static var scenarios: [String] {
    let folder = TestFiles.scenarios
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.map { ($0 as NSString).deletingPathExtension }.filter {
      !needsDeviceState.contains($0)
    }.sorted()
  }

  @Test(arguments: scenarios) func replayOfTheImportShowsTheSameUIAndFeedsTheSameBuffers(_ name: String) throws {
    let folder = try TemporaryFolder(prefix: "roundtrip")
    defer { folder.remove() }
    let work = folder.url
    let runner = ScenarioRunner(subject: .reference)
    let original = try Self.recording(
      TestFiles.root.appendingPathComponent("Scenarios/\(name).yaml").path,
      into: work.appendingPathComponent("original"), runner: runner)
    #expect(original.run.result.status == .passed, "\(original.run.result.failures)")
    guard let captureURL = original.capture else {
      // The file transcriber reads the file itself: no microphone, nothing to capture.
      #expect(name == "file-transcription", "no capture was recorded for \(name)")
      return
    }
    let capture = try CaptureFile(url: captureURL)
    #expect(capture.damage.isNone)
    let output = try CaptureImporter(capture: capture).write(into: work.appendingPathComponent("imported"))
    let replay = try Self.recording(output.scenario.path, into: work.appendingPathComponent("replay"), runner: runner)
    #expect(replay.run.result.status == .passed, "\(replay.run.result.failures.map(\.description))")

    #expect(Self.uiTimeline(replay.run.timeline) == Self.uiTimeline(original.run.timeline))
    let replayed = try #require(replay.capture.map { try CaptureFile(url: $0) })
    #expect(replayed.bufferCount == capture.bufferCount)
    // Read a page at a time: a ten-minute capture is 115 MB.
    let firstDifference = zip(capture.buffers, replayed.buffers).first {
      $0.data != $1.data || $0.frameCount != $1.frameCount || $0.format != $1.format
    }
    #expect(firstDifference == nil, "tap buffer \(firstDifference?.0.index ?? -1) differs")
  }

  @Test func aChangedDeviceTimelineIsReportedAtItsFirstDivergence() throws {
    let folder = try TemporaryFolder(prefix: "divergence")
    defer { folder.remove() }
    let work = folder.url
    let original = try Self.recording(
      TestFiles.root.appendingPathComponent("Scenarios/hello-world.yaml").path,
      into: work.appendingPathComponent("original"), runner: ScenarioRunner(subject: .reference))
    let output = try CaptureImporter(capture: try CaptureFile(url: try #require(original.capture))).write(
      into: work.appendingPathComponent("imported"))
    // The field bug: the device lost the final words.
    var timeline = try String(contentsOf: output.timeline, encoding: .utf8)
    timeline = timeline.replacingOccurrences(of: "\tHello world.\t", with: "\tHello\t")
    try timeline.write(to: output.timeline, atomically: true, encoding: .utf8)
    let failing = ScenarioRunner(subject: .reference).replay(fileAt: output.scenario.path, seed: nil).result
    #expect(failing.status == .failed)
    #expect(
      failing.failures.map(\.message).contains {
        $0.contains("at 2.100 s the device showed committed 'Hello'; the replay shows 'Hello world.'")
      })

    // The fix: the scenario says the divergence is expected.
    var scenario = try String(contentsOf: output.scenario, encoding: .utf8)
    scenario = scenario.replacingOccurrences(of: "divergence: none", with: "divergence: expected")
    try scenario.write(to: output.scenario, atomically: true, encoding: .utf8)
    #expect(
      ScenarioRunner(subject: .reference).replay(fileAt: output.scenario.path, seed: nil).result.status == .passed)
  }

  // MARK: Helpers

  /// Runs the scenario file with `run --capture` on into `folder` (through the subject option, not
  /// the process-wide variable, so parallel suites are not recorded); the run and its capture.
  static func recording(
    _ path: String, into folder: URL, runner: ScenarioRunner
  ) throws -> (run: ScenarioRun, capture: URL?) {
    var scenario = try Scenario.load(fileAt: path)
    scenario.subject.options["speechReplayCaptureFolder"] = folder.path
    let run = runner.replay(scenario, seed: nil)
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let file = folder.appendingPathComponent("\(name).speechcapture")
    return (run, FileManager.default.fileExists(atPath: file.path) ? file : nil)
  }

  /// The UI states a run showed, without the audio time.
  static func uiTimeline(_ timeline: Timeline) -> [String] {
    timeline.events(of: .uiState).map { event in
      ["phase", "microphone", "committed", "volatile"].map { "\($0)=\(event[$0] ?? "")" }.joined(separator: " ")
    }
  }
}
