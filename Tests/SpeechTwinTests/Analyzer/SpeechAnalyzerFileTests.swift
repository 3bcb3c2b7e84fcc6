import AVFAudioTwin
import CoreMediaTwin
import Foundation
import SimulatedDevice
import Simulation
import SpeechReplayTestSupport
import SpeechTwin
import Testing

/// The analyzer's file methods, on the bundled fixtures with a script made from their word timings.
@Suite(.serialized) struct SpeechAnalyzerFileTests {
  static let fixtures = TestFiles.audio

  static func script(_ name: String) throws -> ModelScript {
    let table = try String(contentsOf: fixtures.appendingPathComponent("\(name).words.tsv"), encoding: .utf8)
    return ModelScript(transcript: try TimedWord.parseTable(table, source: "\(name).words.tsv"))
  }

  @Test func analyzeSequenceFromAFileConvertsItAndReturnsItsEnd() throws {
    let url = Self.fixtures.appendingPathComponent("quick-brown-fox-48k.wav")
    let (value, device, _) = try AnalyzerHarness.run("file", script: try Self.script("quick-brown-fox-48k")) { _ in
      let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .transcription)
      let reading = Task { try await transcriber.results.reduce("") { $0 + String($1.text.characters) } }
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let file = try AVAudioFile(forReading: url)
      let last = try await analyzer.analyzeSequence(from: file)
      try await analyzer.finalizeAndFinish(through: try #require(last))
      return (last, try await reading.value)
    }
    // 239 067 frames at 48 kHz are 79 689 frames at 16 kHz.
    #expect(value.0 == CMTime(value: 79_689, timescale: 16_000))
    #expect(value.1 == "The quick brown fox jumps over the lazy dog.")
    #expect(device.diagnostics.isEmpty, "\(device.diagnostics)")
  }

  @Test func startWithFinishAfterFileEndsTheResults() throws {
    let url = Self.fixtures.appendingPathComponent("two-commands.wav")
    let (value, _, report) = try AnalyzerHarness.run("file, autonomous", script: try Self.script("two-commands")) { _ in
      let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      try await analyzer.start(inputAudioFile: try AVAudioFile(forReading: url), finishAfterFile: true)
      var finals: [String] = []
      for try await result in transcriber.results where result.isFinal { finals.append(String(result.text.characters)) }
      return finals
    }
    #expect(value == ["Turn on the lights.", "Set a timer for ten minutes."])
    #expect(report.ledgerAtEnd.resources["open analyzer sessions", default: 0] == 0)
  }
}
