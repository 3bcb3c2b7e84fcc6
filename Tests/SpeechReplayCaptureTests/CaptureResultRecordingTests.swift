import AVFAudioTwin
import Foundation
import SimulatedDevice
import Simulation
import SpeechReplayCapture
import SpeechReplayTestSupport
import SpeechTwin
import Testing

/// Results, the analyzer's format and asset status, recorded from an app's own results loop (the
/// pattern of Apple's WWDC25 sample: a SpeechTranscriber over a file).
@Suite struct CaptureResultRecordingTests {
  @Test func resultsReadBackAsTheTranscriberPublishedThem() throws {
    let url = try CaptureHarness.newCaptureURL()
    let recorder = try CaptureRecorder(url: url, header: CaptureHarness.header)
    let device = try CaptureHarness.device("quick-brown-fox-48k")
    let file = CaptureHarness.fixtures.appendingPathComponent("quick-brown-fox-48k.wav")
    let report = try Simulation.run(TestSimulation.configuration("results", seed: 0)) {
      try await SimulatedDevice.withDevice(device) {
        let transcriber = SpeechTranscriber(
          locale: Locale(identifier: "en-US"), preset: .timeIndexedProgressiveTranscription)
        recorder.recordAssetStatus(await AssetInventory.status(forModules: [transcriber]), locale: "en-US")
        recorder.recordAnalyzerFormat(await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber]))
        let analyzer = SpeechAnalyzer(modules: [transcriber])
        let reader = Task {
          var published: [CaptureResult] = []
          for try await result in transcriber.results {
            recorder.recordResult(result)
            published.append(CaptureResult(result))
          }
          return published
        }
        if let last = try await analyzer.analyzeSequence(from: try AVAudioFile(forReading: file)) {
          try await analyzer.finalizeAndFinish(through: last)
        }
        return try await reader.value
      }
    }
    let published = try report.get()
    try recorder.finish()

    let capture = try CaptureFile(url: url)
    #expect(published.count > 3 && published.contains { $0.isFinal } && published.contains { !$0.isFinal })
    #expect(capture.results == published)
    #expect(capture.results.last { $0.isFinal }?.text.contains("lazy dog") == true)
    #expect(capture.events.first?.kind == .assetStatus(locale: "en-US", status: "installed"))
    #expect(capture.analyzerFormats.count == 1 && capture.analyzerFormats.first??.sampleRate == 16_000)
    #expect(
      capture.summary.description.contains("results: \(published.count) (\(published.filter(\.isFinal).count) final"))
    #expect(capture.summary.description.contains("analyzer format: 16000 Hz"))
  }
}
