#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  // AVAudioRecorder on the simulated microphone, in virtual time: the file, metering, pause, a fixed
  // duration, the delegate, the ledger. These need the simulation, so they do not compile against Apple's.
  import AudioPCM
  import AVFAudioTwin
  import Foundation
  import Simulation
  import SimulatedDevice
  import SpeechReplayTestSupport
  import Testing

  @Suite(.serialized) struct AVAudioRecorderTests {
    final class Delegate: NSObject, AVAudioRecorderDelegate, @unchecked Sendable {
      var events: [String] = []
      func audioRecorderDidFinishRecording(_ recorder: AVAudioRecorder, successfully flag: Bool) {
        events.append("finished \(flag) at \(Self.milliseconds())")
      }
      static func milliseconds() -> Int {
        let parts = (Simulation.current?.now ?? .zero).components
        return Int(parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000)
      }
    }

    static var settings: [String: Any] {
      [
        AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 16_000.0, AVNumberOfChannelsKey: 1,
        AVLinearPCMBitDepthKey: 16,
      ]
    }

    static func device(permission: SimulatedDevice.RecordPermission.State = .granted) -> SimulatedDevice {
      SimulatedDevice(
        configuration: .init(
          microphone: .init(audioFile: TestFixtures.audio.appendingPathComponent("quick-brown-fox-48k.wav").path),
          recordPermission: .init(state: permission)))
    }

    static func run<T: Sendable>(
      _ name: String, _ device: SimulatedDevice, _ body: @escaping @Sendable () async throws -> T
    ) throws -> T {
      try SimulatedDevice.withDevice(device) {
        try Simulation.run(TestSimulation.configuration(name)) { try await body() }
      }.value!
    }

    @Test func recordsTheMicrophoneToAFileWithMeteringAndPauses() throws {
      let url = try TestFixtures.temporaryFile("memo.wav")
      let delegate = Delegate()
      let (levels, times, counts) = try Self.run("recorder", Self.device()) { () -> ([Float], [Double], [Int]) in
        let recorder = try AVAudioRecorder(url: url, settings: Self.settings)
        recorder.delegate = delegate
        recorder.isMeteringEnabled = true
        #expect(recorder.record())
        // 0–0.3 s is silence in the fixture; the fox is loud from 0.3 s.
        try await Task.sleep(for: .milliseconds(250))
        recorder.updateMeters()
        let quiet = recorder.averagePower(forChannel: 0)
        try await Task.sleep(for: .milliseconds(700))
        recorder.updateMeters()
        let loud = recorder.averagePower(forChannel: 0)
        let peak = recorder.peakPower(forChannel: 0)
        let during = [Double](arrayLiteral: recorder.currentTime)
        recorder.pause()
        let paused = recorder.isRecording
        try await Task.sleep(for: .seconds(1))
        let afterPause = recorder.currentTime
        recorder.record()
        try await Task.sleep(for: .milliseconds(500))
        let live = Simulation.current?.ledger.count(of: .activeRecorders) ?? -1
        recorder.stop()
        let after = Simulation.current?.ledger.count(of: .activeRecorders) ?? -1
        return ([quiet, loud, peak], during + [afterPause, recorder.currentTime, paused ? 1 : 0], [live, after])
      }
      #expect(levels[0] == -160, "the fixture's first 200 ms are digital silence")
      #expect(levels[1] > -40 && levels[1] < 0, "speech is metered: \(levels)")
      #expect(levels[2] >= levels[1] && levels[2] <= 0)
      // Nine 100 ms callbacks, less the converter's look-ahead (~31 ms at medium quality); the pause adds nothing.
      #expect(
        abs(times[0] - 0.9) < 0.05 && times[1] == times[0], "currentTime counts recorded audio, not the pause: \(times)"
      )
      #expect(times[2] == 0, "0 once stopped")
      #expect(counts == [1, 0])
      #expect(delegate.events == ["finished true at 2450"])
      let file = try AudioFile(forReading: url.path)
      #expect(file.fileFormat.sampleRate == 16_000)
      // 0.9 s, then 0.4 s after the pause (the callback due at the stop loses to it); the stop drains the converter.
      #expect(file.frameCount == 20_800, "1.3 s recorded at 16 kHz: \(file.frameCount)")
    }

    @Test func recordForDurationStopsByItselfAndTellsTheDelegate() throws {
      let url = try TestFixtures.temporaryFile("timed.caf")
      let delegate = Delegate()
      let recording = try Self.run("recorder duration", Self.device()) { () -> Bool in
        let recorder = try AVAudioRecorder(url: url, settings: Self.settings)
        recorder.delegate = delegate
        recorder.record(forDuration: 0.25)
        try await Task.sleep(for: .seconds(1))
        return recorder.isRecording
      }
      #expect(!recording)
      #expect(delegate.events == ["finished true at 300"], "the callback that reaches 0.25 s ends it")
      #expect(try AudioFile(forReading: url.path).frameCount == 4_000)
    }

    @Test func withoutPermissionTheFileIsSilentAndADiagnosticSaysSo() throws {
      let url = try TestFixtures.temporaryFile("denied.wav")
      let device = Self.device(permission: .denied)
      try Self.run("recorder denied", device) {
        let recorder = try AVAudioRecorder(url: url, settings: Self.settings)
        recorder.record()
        try await Task.sleep(for: .seconds(1))
        recorder.stop()
      }
      let file = try AudioFile(forReading: url.path)
      let buffer = PCMBuffer(format: file.processingFormat, frameCapacity: 16_000)
      _ = try file.read(into: buffer, frameCount: 16_000)
      #expect(buffer.frameLength == 14_400, "nine callbacks; the one due at the stop loses to it")
      #expect(buffer.floatSamples(channel: 0).allSatisfy { $0 == 0 })
      #expect(
        device.diagnostics.contains {
          $0.subject == "AVAudioRecorder" && $0.message.contains("without record permission")
        })
    }

    @Test func compressedSettingsAreRefusedAndDeleteRecordingRemovesTheFile() throws {
      let url = try TestFixtures.temporaryFile("aac.m4a")
      try Self.run("recorder settings", Self.device()) {
        #expect(throws: NSError.self) {
          try AVAudioRecorder(
            url: url,
            // 'aac '
            settings: [AVFormatIDKey: 0x6161_6320 as UInt32, AVSampleRateKey: 44_100.0, AVNumberOfChannelsKey: 1])
        }
        let wav = url.deletingPathExtension().appendingPathExtension("wav")
        let recorder = try AVAudioRecorder(url: wav, settings: Self.settings)
        recorder.record()
        try await Task.sleep(for: .milliseconds(200))
        #expect(!recorder.deleteRecording(), "not while recording")
        recorder.stop()
        #expect(FileManager.default.fileExists(atPath: wav.path))
        #expect(recorder.deleteRecording())
        #expect(!FileManager.default.fileExists(atPath: wav.path))
      }
    }
  }
#endif
