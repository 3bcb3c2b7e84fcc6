#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  // A converter error mid-stream (`device.converterFailsAt`; Twins.md, "Faults of the Speech twins").
  import AVFAudioTwin
  import Foundation
  import Simulation
  import SimulatedDevice
  import Testing

  @Suite(.serialized) struct AVAudioConverterInjectedErrorTests {
    /// One conversion of 4800 frames of 48 kHz Float32 to 16 kHz Int16 with the TN3136 pull pattern.
    static func convertOnce(_ converter: AVAudioConverter) -> (AVAudioConverterOutputStatus, NSError?, Bool, Int) {
      let buffer = AVAudioPCMBuffer(pcmFormat: converter.inputFormat, frameCapacity: 4800)!
      buffer.frameLength = 4800
      let output = AVAudioPCMBuffer(pcmFormat: converter.outputFormat, frameCapacity: 1700)!
      var error: NSError?
      // The input block is @Sendable (the 26 SDK): its captures are marked, as apps mark them.
      nonisolated(unsafe) let input = buffer
      nonisolated(unsafe) var handedOver = false
      let status = converter.convert(to: output, error: &error) { _, inputStatus in
        if handedOver {
          inputStatus.pointee = .noDataNow
          return nil
        }
        handedOver = true
        inputStatus.pointee = .haveData
        return input
      }
      return (status, error, handedOver, Int(output.frameLength))
    }

    @Test func theFirstConversionFromTheMomentFailsOnceWithoutTakingInput() throws {
      var configuration = SimulatedDevice.Configuration()
      configuration.converterFailure = .init(at: .milliseconds(200))
      let device = SimulatedDevice(configuration: configuration)
      let outcomes = try SimulatedDevice.withDevice(device) {
        try Simulation.run(.init(name: "converter error", exclusivity: .waitForTurn(timeout: .seconds(120)))) {
          let from = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
          let to = AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true)!
          let converter = AVAudioConverter(from: from, to: to)!
          var outcomes: [String] = []
          for _ in 0..<4 {
            let (status, error, tookInput, frames) = Self.convertOnce(converter)
            outcomes.append(
              "\(status.rawValue) \(error.map { "\($0.domain) \($0.code)" } ?? "no error") \(tookInput) \(frames > 0)")
            try await Simulation.current!.clock.sleep(for: .milliseconds(100))
          }
          return outcomes
        }
      }.value!
      #expect(
        outcomes == [
          "1 no error true true", "1 no error true true", "3 \(NSOSStatusErrorDomain) -50 false false",
          "1 no error true true",
        ])
      #expect(
        device.diagnostics.contains { $0.subject == "AVAudioConverter" && $0.message.hasPrefix("a conversion failed") })
    }
  }
#endif
