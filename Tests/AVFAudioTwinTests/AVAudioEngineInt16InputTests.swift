#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  // An input that delivers Int16 samples (some USB and Bluetooth hardware), from the start and after a
  // route change. These need the simulation, so they do not compile against Apple's frameworks.
  import AudioPCM
  import AVFAudioTwin
  import AVFAudioTwinTapAPI
  import Foundation
  import Simulation
  import SimulatedDevice
  import SpeechReplayTestSupport
  import Testing

  @Suite(.serialized) struct AVAudioEngineInt16InputTests {
    /// What one tap call saw: its format, and the loudest sample as a fraction of full scale.
    struct Seen: Equatable, Sendable {
      var format: String
      var frames: Int
      var peak: Double
    }

    final class Calls: @unchecked Sendable {
      var seen: [Seen] = []
    }

    static func peak(_ buffer: AVAudioPCMBuffer) -> Double {
      let count = Int(buffer.frameLength) * (buffer.format.isInterleaved ? Int(buffer.format.channelCount) : 1)
      if let int16 = buffer.int16ChannelData {
        return UnsafeBufferPointer(start: int16[0], count: count).map { abs(Double($0)) / 32_768 }.max() ?? 0
      }
      if let float = buffer.floatChannelData {
        return UnsafeBufferPointer(start: float[0], count: count).map { abs(Double($0)) }.max() ?? 0
      }
      return -1
    }

    static func device(
      sampleType: AudioFormat.SampleType, permission: SimulatedDevice.RecordPermission.State = .granted
    ) -> SimulatedDevice {
      var microphone = SimulatedDevice.MicrophoneConfiguration(
        audioFile: TestFixtures.audio.appendingPathComponent("quick-brown-fox-48k.wav").path)
      microphone.sampleType = sampleType
      return SimulatedDevice(configuration: .init(microphone: microphone, recordPermission: .init(state: permission)))
    }

    static func capture(
      on device: SimulatedDevice, tapFormat: @escaping @Sendable (AVAudioFormat) -> AVAudioFormat? = { _ in nil }
    ) throws -> [Seen] {
      let calls = Calls()
      _ = try SimulatedDevice.withDevice(device) {
        try Simulation.run(TestSimulation.configuration("int16 input")) {
          let engine = AVAudioEngine()
          let hardware = engine.inputNode.outputFormat(forBus: 0)
          engine.inputNode.installTap(onBus: 0, bufferSize: 4800, format: tapFormat(hardware)) { buffer, _ in
            calls.seen.append(Seen(format: "\(buffer.format)", frames: Int(buffer.frameLength), peak: peak(buffer)))
          }
          try engine.start()
          // The fox fixture is loud from 0.3 s: the third callback (0.2–0.3 s) already holds speech onset.
          try await Task.sleep(for: .milliseconds(1_050))
          engine.stop()
        }
      }
      return calls.seen
    }

    @Test func theInputNodeReportsInt16InterleavedAndTheTapGetsInt16Audio() throws {
      let seen = try Self.capture(on: Self.device(sampleType: .int16))
      #expect(seen.count == 10)
      #expect(
        seen.allSatisfy { $0.format == "<AVAudioFormat: 1 ch, 48000 Hz, Int16>" && $0.frames == 4800 },
        "\(seen.first.map(\.format) ?? "none")")
      #expect(seen.map(\.peak).max()! > 0.05, "the fox is audible in 16-bit samples")
    }

    @Test func theSameAudioReachesAFloatTapAndAnInt16Input() throws {
      let float = try Self.capture(on: Self.device(sampleType: .float32))
      let int16 = try Self.capture(on: Self.device(sampleType: .int16))
      #expect(float.allSatisfy { $0.format == "<AVAudioFormat: 1 ch, 48000 Hz, Float32>" })
      // Same audio, 16-bit rounding apart.
      for (a, b) in zip(float, int16) { #expect(abs(a.peak - b.peak) < 0.001, "\(a) \(b)") }
    }

    @Test func aTapAskingForFloat32AtTheHardwareRateIsConvertedForIt() throws {
      let seen = try Self.capture(on: Self.device(sampleType: .int16)) { hardware in
        AVAudioFormat(standardFormatWithSampleRate: hardware.sampleRate, channels: 1)
      }
      #expect(seen.count == 10)
      #expect(seen.allSatisfy { $0.format == "<AVAudioFormat: 1 ch, 48000 Hz, Float32>" })
      #expect(seen.map(\.peak).max()! > 0.05)
    }

    @Test func withoutPermissionAnInt16InputRecordsSilence() throws {
      let seen = try Self.capture(on: Self.device(sampleType: .int16, permission: .denied))
      #expect(seen.count == 10)
      #expect(seen.allSatisfy { $0.peak == 0 })
    }

    @Test func aRouteChangeCanSwitchToAStereoInt16InputAndBack() throws {
      let device = SimulatedDevice()
      let formats = try SimulatedDevice.withDevice(device) {
        try Simulation.run(TestSimulation.configuration("int16 route")) { () -> [String] in
          let engine = AVAudioEngine()
          var formats = ["\(engine.inputNode.outputFormat(forBus: 0))"]
          try device.changeRoute(to: "usbAudio", sampleType: .int16)
          formats.append("\(engine.inputNode.outputFormat(forBus: 0))")
          formats.append("\(device.microphone.currentInput)")
          try device.changeRoute(sampleRate: 44_100, channelCount: 1)
          formats.append("\(engine.inputNode.outputFormat(forBus: 0))")
          try device.changeRoute(to: "builtInMic")
          formats.append("\(engine.inputNode.outputFormat(forBus: 0))")
          return formats
        }
      }.value!
      #expect(
        formats == [
          "<AVAudioFormat: 1 ch, 48000 Hz, Float32>",
          "<AVAudioFormat: 2 ch, 48000 Hz, Int16, interleaved>",
          "usbAudio 48000 Hz 2 ch Int16",
          // A format change of the same input keeps its sample type.
          "<AVAudioFormat: 1 ch, 44100 Hz, Int16>",
          "<AVAudioFormat: 1 ch, 48000 Hz, Float32>",
        ])
      #expect(throws: MicrophoneError.self) { try device.changeRoute(to: "usbAudio", sampleType: .float64) }
    }
  }
#endif
