import AudioPCM
import CoreMediaTwin
import Foundation
import SimulatedDevice
import SpeechReplayTestSupport
import Testing

/// The play gate and the tape the scripted model follows when ``ScriptedModelBackend/Timing`` follows the tape.
@Suite struct MicrophonePlayGateTests {
  static let helloWorld = TestFiles.audio.appendingPathComponent("hello-world.wav").path

  func microphone() -> Microphone {
    SimulatedDevice(
      configuration: .init(microphone: .init(sampleRate: 16_000, tapFrames: 1600, audioFile: Self.helloWorld))
    ).microphone
  }

  func isSilent(_ buffer: PCMBuffer) -> Bool { buffer.floatSamples(channel: 0).allSatisfy { $0 == 0 } }

  @Test func aClosedGateGivesSilenceAndKeepsTheTapeWhereItIs() throws {
    let microphone = microphone()
    #expect(microphone.isPlaying, "open by default, so code that never touches the gate hears the file")
    microphone.isPlaying = false
    for _ in 0..<5 { #expect(isSilent(microphone.capture())) }
    #expect(microphone.secondsPlayed == 0)
    #expect(abs(microphone.secondsCaptured - 0.5) < 1e-9)
    microphone.isPlaying = true
    var heard = false
    for _ in 0..<5 { heard = !isSilent(microphone.capture()) || heard }  // "hello" starts at 0.3 s of the file
    #expect(heard, "the file starts from its beginning once the gate opens")
    #expect(abs(microphone.secondsPlayed - 0.5) < 1e-9)
  }

  @Test func theTapeStandsStillWhileTheGateIsClosedAndRunsOnAfterTheEnd() {
    let microphone = microphone()
    microphone.isPlaying = false
    #expect(microphone.tapeTime(atCaptureSeconds: 0) == nil, "nothing played yet")
    for _ in 0..<3 { _ = microphone.capture() }  // 0.3 s of silence
    microphone.isPlaying = true
    for _ in 0..<5 { _ = microphone.capture() }  // file 0…0.5 at capture 0.3…0.8
    microphone.isPlaying = false
    for _ in 0..<4 { _ = microphone.capture() }  // silence, capture 0.8…1.2
    #expect(microphone.tapeTime(atCaptureSeconds: 0.1) == nil)
    #expect(abs((microphone.tapeTime(atCaptureSeconds: 0.5) ?? -1) - 0.2) < 1e-9)
    #expect(abs((microphone.tapeTime(atCaptureSeconds: 1.1) ?? -1) - 0.5) < 1e-9, "stands still while closed")
    microphone.isPlaying = true
    for _ in 0..<20 { _ = microphone.capture() }  // the rest of the 1.789 s file, then silence
    #expect(microphone.isAtEndOfAudio)
    microphone.isPlaying = false
    let end = microphone.secondsCaptured
    #expect(
      abs((microphone.tapeTime(atCaptureSeconds: end + 1) ?? -1) - (microphone.secondsPlayed + 1)) < 1e-9,
      "time goes on after the end")
  }

  @Test func aScriptFollowsTheTapeWhenAsked() {
    let device = SimulatedDevice(
      configuration: .init(microphone: .init(sampleRate: 16_000, tapFrames: 1600, audioFile: Self.helloWorld)))
    let microphone = device.microphone
    microphone.isPlaying = false
    let script = ModelScript(entries: [.volatile("hello", at: .seconds(0.8))])
    let recognizer = SimulatedDevice.withDevice(device) {
      ScriptedRecognizer(
        script: script,
        request: RecognitionRequest(
          module: .speechTranscriber, localeIdentifier: "en-US", reportsVolatileResults: true),
        followsTape: true)
    }
    var published: [Double] = []
    var analyzerTime = 0.0
    func step() {
      _ = microphone.capture()
      analyzerTime += 0.1
      let outputs = [Float]().withUnsafeBufferPointer {
        recognizer.consume(through: .seconds(analyzerTime), samples: $0)
      }
      if !outputs.isEmpty { published.append(analyzerTime) }
    }
    for _ in 0..<20 { step() }  // 2 s of silence: the script does not move
    #expect(published.isEmpty)
    microphone.isPlaying = true
    for _ in 0..<10 { step() }
    #expect(published.count == 1)
    #expect(abs((published.first ?? 0) - 2.8) < 1e-9, "0.8 s into what was played, after 2 s of waiting")
  }
}
