import Foundation
import ReferenceSubjects
import SimulatedDevice
import Simulation
import SpeechReplay
import SpeechReplayCapture
import SpeechReplayImport
import SpeechReplayTestSupport
import SpeechShim
import Testing

/// Captures on the 27 capture path: an app that reads the microphone through Speech's
/// `CaptureInputSequenceProvider` records the provider's analyzer inputs
/// (`CaptureRecorder.recording(_:)`), and the capture imports as a scenario that replays.
@Suite(.serialized) struct CaptureProviderRecordingTests {
  static let fox = TestFiles.audio.appendingPathComponent("quick-brown-fox-48k.wav")
  static let sentence = "The quick brown fox jumps over the lazy dog."

  /// Transcribes six seconds of the fox through the capture provider, recording into `url`.
  static func captureOnTheProviderPath(into url: URL) throws -> String {
    let table = try String(
      contentsOf: TestFiles.audio.appendingPathComponent("quick-brown-fox-48k.words.tsv"), encoding: .utf8)
    let script = ModelScript(transcript: try TimedWord.parseTable(table, source: "quick-brown-fox-48k.words.tsv"))
    let device = SimulatedDevice(
      configuration: .init(microphone: .init(audioFile: fox.path)), model: ScriptedModelBackend(script: script))
    let recorder = try CaptureRecorder(
      url: url,
      header: CaptureHeader(
        deviceModel: "simulated device", osVersion: "27", locale: "en-US", appVersion: "capture provider"))
    let report = try SimulatedDevice.withDevice(device) {
      try Simulation.run(.init(name: "capture provider", seed: 1, exclusivity: .waitForTurn(timeout: .seconds(300)))) {
        try await ProviderDictation(recorder: recorder).run(for: .seconds(6))
      }
    }
    let text = try report.get()
    try recorder.finish()
    return text
  }

  @Test func theProviderInputsAreRecordedInTheAnalyzerFormatWithoutGaps() throws {
    let folder = try TemporaryFolder(prefix: "capture-provider")
    defer { folder.remove() }
    let url = folder.url.appendingPathComponent("provider.speechcapture")
    #expect(try Self.captureOnTheProviderPath(into: url) == Self.sentence)
    let capture = try CaptureFile(url: url)
    #expect(capture.bufferCount > 10)
    let formats = Set(capture.buffers.map(\.format))
    #expect(formats.map(\.sampleRate) == [16_000], "\(formats)")
    #expect(formats.map(\.channelCount) == [1], "\(formats)")
    #expect(capture.damage.isNone, "\(capture.damage)")
    // Every input the provider made, one after another: the sample times follow each other.
    let buffers = capture.buffers
    let contiguous = zip(buffers, buffers.dropFirst()).allSatisfy { previous, next in
      previous.sampleTime.map { $0 + Int64(previous.frameCount) } == next.sampleTime
    }
    #expect(contiguous)
    // The provider converted six seconds of 48 kHz microphone audio to 16 kHz.
    let frames = buffers.reduce(0) { $0 + $1.frameCount }
    #expect(abs(Double(frames) / 16_000 - 6) < 0.25, "\(frames) frames")
  }

  @Test func aCaptureOfTheProviderPathReplays() throws {
    let folder = try TemporaryFolder(prefix: "capture-provider-replay")
    defer { folder.remove() }
    let url = folder.url.appendingPathComponent("provider.speechcapture")
    _ = try Self.captureOnTheProviderPath(into: url)
    let output = try CaptureImporter(capture: try CaptureFile(url: url)).write(
      into: folder.url.appendingPathComponent("imported"))
    // The imported scenario expects the text the app committed, on a microphone in the analyzer's format.
    let scenario = try String(contentsOf: output.scenario, encoding: .utf8)
    #expect(scenario.contains(Self.sentence), "\(scenario)")
    #expect(scenario.contains("sampleRate: 16000"), "\(scenario)")
    // The app recorded no UI states: nothing to compare the replay's UI with.
    #expect(!scenario.contains("observed:"), "\(scenario)")
    for runner in [ScenarioRunner(subject: .reference27), ScenarioRunner(subject: .reference)] {
      let run = runner.replay(fileAt: output.scenario.path, seed: nil)
      #expect(run.result.status == .passed, "\(run.result.failures.map(\.description))")
      // The stack hears the recorded audio and commits what the device's model said.
      let committed = run.timeline.events(UIStateEvent.self).last?.event.committed
      #expect(committed == Self.sentence)
    }
  }
}

/// App code on the 27 capture path: the capture provider's inputs, recorded, feed the analyzer.
@available(iOS 27, macOS 27, *)
final class ProviderDictation: @unchecked Sendable {
  // @unchecked: one task drives it; the results task only appends to `text`.
  private let recorder: CaptureRecorder
  private var text = ""

  init(recorder: CaptureRecorder) { self.recorder = recorder }

  func run(for duration: Duration) async throws -> String {
    let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
    guard let microphone = AVCaptureDevice.default(for: .audio) else { return "" }
    var provider: CaptureInputSequenceProvider? = try await CaptureInputSequenceProvider.providerWithSession(
      from: microphone, compatibleWith: [transcriber])
    let analyzer = SpeechAnalyzer(modules: [transcriber])
    let recorder = recorder
    let results = Task { [weak self] in
      for try await result in transcriber.results {
        recorder.recordResult(result)
        if result.isFinal { self?.text += String(result.text.characters) }
      }
    }
    recorder.recordAction(.start)
    try await analyzer.start(inputSequence: recorder.recording(provider!.analyzerInputs))
    provider?.captureSession.startRunning()
    try await Simulation.current!.clock.sleep(for: duration)
    recorder.recordAction(.stop)
    provider?.captureSession.stopRunning()
    provider = nil
    try await analyzer.finalizeAndFinishThroughEndOfInput()
    try await results.value
    return text
  }
}
