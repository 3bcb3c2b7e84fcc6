// App code as it is written for Apple's frameworks — Apple's module names, qualified names included —
// compiled on Linux through speech-replay's modules of the same names (Linux only, see Package.swift).
import AVFoundation
import CoreMedia
import SimulatedDevice
import Simulation
import Speech
import Testing

@Suite struct AppleModuleNamesTests {
  /// An app's own type named like Apple's, the reason apps write `Speech.SpeechTranscriber`.
  struct SpeechTranscriber { var name = "the app's own" }

  @Test func qualifiedNamesResolveThroughTheModulesOfApplesNames() throws {
    let report = try SimulatedDevice.withDevice(SimulatedDevice()) {
      try Simulation.run(.init(name: "apple module names", exclusivity: .waitForTurn(timeout: .seconds(120)))) {
        () -> [String] in
        let transcriber = Speech.SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .transcription)
        let format = await Speech.SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber])
        let engine = AVFAudio.AVAudioEngine()
        let time = CoreMedia.CMTime(value: 3, timescale: 2)
        let granted = await AVFoundation.AVAudioApplication.requestRecordPermission()
        return [
          SpeechTranscriber().name, "\(format.map { "\($0.sampleRate)" } ?? "none")",
          "\(engine.inputNode.outputFormat(forBus: 0).sampleRate)",
          "\(time.seconds)", "\(granted)",
        ]
      }
    }
    #expect(report.value == ["the app's own", "16000.0", "48000.0", "1.5", "true"])
  }
}
