#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  // Apple's uncatchable exceptions end the process; the twin's do too, so these are exit tests: each
  // trap runs in a child process and the test looks at how it ended and what it printed.
  import AVFAudioTwin
  import AVFAudioTwinTapAPI
  import Foundation
  import Simulation
  import SimulatedDevice
  import SpeechReplayTestSupport
  import Testing

  @Suite struct AVAudioEngineTrapTests {
    /// One of AVAudioEngine's traps, or (`none`) the same calls done right.
    enum Trap {
      case secondTap, formatMismatch, staleTapAfterRouteChange, playerWithoutRunningEngine, none
    }

    /// Performs `trap` in a simulation on a fresh device.
    static func perform(_ trap: Trap) throws {
      let device = SimulatedDevice()
      _ = try TestSimulation.run("trap \(trap)", on: device) {
        let engine = AVAudioEngine()
        let input = engine.inputNode
        switch trap {
        case .secondTap:
          input.installTap(onBus: 0, bufferSize: 4096, format: nil) { _, _ in }
          input.installTap(onBus: 0, bufferSize: 4096, format: nil) { _, _ in }
        case .formatMismatch:
          let format = AVAudioFormat(standardFormatWithSampleRate: 16_000, channels: 1)!
          input.installTap(onBus: 0, bufferSize: 4096, format: format) { _, _ in }
        case .staleTapAfterRouteChange:
          input.installTap(onBus: 0, bufferSize: 4096, format: input.outputFormat(forBus: 0)) { _, _ in }
          try? device.changeRoute(sampleRate: 16_000, channelCount: 1)
          try? engine.start()
        case .playerWithoutRunningEngine:
          let player = AVAudioPlayerNode()
          engine.attach(player)
          engine.connect(player, to: engine.mainMixerNode, format: nil)
          player.play()
        case .none:
          input.installTap(onBus: 0, bufferSize: 4096, format: input.outputFormat(forBus: 0)) { _, _ in }
          try engine.start()
          engine.stop()
          input.removeTap(onBus: 0)
        }
      }
    }

    static func text(_ result: ExitTest.Result?) -> String {
      String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func aSecondTapOnTheSameBusEndsTheProcessWithApplesText() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        try AVAudioEngineTrapTests.perform(.secondTap)
      }
      #expect(Self.text(result).contains("required condition is false: nullptr == Tap()"), "\(Self.text(result))")
    }

    @Test func aTapFormatAtAnotherRateEndsTheProcessWithApplesText() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        try AVAudioEngineTrapTests.perform(.formatMismatch)
      }
      #expect(
        Self.text(result).contains("required condition is false: format.sampleRate == hwFormat.sampleRate"),
        "\(Self.text(result))")
    }

    @Test func restartingWithAStaleTapFormatAfterARouteChangeEndsTheProcess() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        try AVAudioEngineTrapTests.perform(.staleTapAfterRouteChange)
      }
      #expect(Self.text(result).contains("format.sampleRate == hwFormat.sampleRate"), "\(Self.text(result))")
    }

    @Test func playingAPlayerWhileTheEngineIsStoppedEndsTheProcessWithApplesText() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        try AVAudioEngineTrapTests.perform(.playerWithoutRunningEngine)
      }
      #expect(Self.text(result).contains("player started when engine not running"), "\(Self.text(result))")
    }

    @Test func theSameCallsDoneRightEndNormally() async {
      await #expect(processExitsWith: .success) {
        try AVAudioEngineTrapTests.perform(.none)
      }
    }
  }
#endif
