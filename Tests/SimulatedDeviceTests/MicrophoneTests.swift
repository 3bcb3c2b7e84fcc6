import AudioPCM
import Foundation
import SimulatedDevice
import SpeechReplayTestSupport
import Testing

@Suite struct MicrophoneTests {
  @Test func silenceWithoutAFileInTheHardwareFormat() {
    let microphone = SimulatedDevice(
      configuration: .init(microphone: .init(sampleRate: 16_000, channelCount: 2, tapFrames: 1600))
    ).microphone
    let buffer = microphone.capture()
    #expect(buffer.format == (try? AudioFormat.standard(sampleRate: 16_000, channelCount: 2)))
    #expect(buffer.frameLength == 1600)
    #expect((0..<2).allSatisfy { buffer.floatSamples(channel: $0).allSatisfy { $0 == 0 } })
    #expect(microphone.framesDelivered == 1600)
    #expect(microphone.callbackInterval == .milliseconds(100))
  }

  @Test func aMissingFileIsAnErrorThatNamesItAndCaptureFallsBackToSilenceWithADiagnostic() {
    let device = SimulatedDevice(configuration: .init(microphone: .init(audioFile: "/nonexistent/fox.wav")))
    #expect {
      try device.microphone.open()
    } throws: { error in
      (error as? MicrophoneError)?.message.contains("/nonexistent/fox.wav") == true
    }
    let buffer = device.microphone.capture()
    #expect(buffer.floatSamples(channel: 0).allSatisfy { $0 == 0 })
    #expect(device.diagnostics.contains { $0.subject == "Microphone" && $0.message.contains("fox.wav") })
  }

  @Test func routeChangeScalesTheCallbackAndTellsObserversEnginesFirst() throws {
    let device = SimulatedDevice()
    final class Log: @unchecked Sendable { var entries: [String] = [] }
    let log = Log()
    let session = device.microphone.observe(as: .session) { _ in log.entries.append("session") }
    let engine = device.microphone.observe(as: .engine) { _ in log.entries.append("engine") }
    try device.changeRoute(sampleRate: 16_000, channelCount: 1)
    #expect(log.entries == ["engine", "session"])
    #expect(device.microphone.tapFrames == 1600)
    #expect(device.microphone.hardwareFormat.sampleRate == 16_000)
    #expect(throws: MicrophoneError.self) { try device.changeRoute(sampleRate: 0, channelCount: 1) }
    engine.cancel()
    device.beginInterruption()
    #expect(log.entries == ["engine", "session", "session"])
    #expect(device.microphone.isInterrupted)
    withExtendedLifetime(session) {}
  }

  @Test func seekMovesTheTape() throws {
    let folder = try TemporaryFolder(prefix: "MicrophoneTests").url
    let path = folder.appendingPathComponent("ramp.wav").path
    let format = try AudioFormat.standard(sampleRate: 48_000, channelCount: 1)
    let ramp = PCMBuffer(format: format, frameCapacity: 9600)
    for frame in 0..<9600 { ramp.floatChannelData![0][frame] = Float(frame) / 16_384 }
    ramp.frameLength = 9600
    let writer = try AudioFileWriter(path: path, container: .wav, encoding: .float32, format: format)
    try writer.write(ramp)
    try writer.close()
    let microphone = SimulatedDevice(configuration: .init(microphone: .init(audioFile: path))).microphone
    try microphone.seek(to: .milliseconds(100))
    let buffer = microphone.capture()
    #expect(buffer.floatSamples(channel: 0) == (4800..<9600).map { Float($0) / 16_384 })
    #expect(microphone.isAtEndOfAudio)
  }
}
