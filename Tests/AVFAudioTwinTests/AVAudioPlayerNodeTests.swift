#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  // The player node and the engine's graph in virtual time: the record-while-playing-back graph of
  // Apple's sample app, completion timing, stop, voice processing.
  import AVFAudioTwin
  import AVFAudioTwinTapAPI
  import Foundation
  import Simulation
  import SimulatedDevice
  import SpeechReplayTestSupport
  import Testing

  /// What the player tests collect; the simulation runs on one thread.
  final class PlaybackLog: @unchecked Sendable {
    var events: [String] = []
  }

  @Suite(.serialized) struct AVAudioPlayerNodeTests {
    static func run<T: Sendable>(
      _ name: String, _ device: SimulatedDevice = SimulatedDevice(), _ body: @escaping @Sendable () async throws -> T
    ) throws -> T {
      try SimulatedDevice.withDevice(device) {
        try Simulation.run(TestSimulation.configuration(name, seed: 0)) { try await body() }
      }.value!
    }

    static func milliseconds() -> Int {
      let parts = (Simulation.current?.now ?? .zero).components
      return Int(parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000)
    }

    static func buffer(seconds: Double, rate: Double = 48_000) -> AVAudioPCMBuffer {
      let format = AVAudioFormat(standardFormatWithSampleRate: rate, channels: 1)!
      let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(seconds * rate))!
      buffer.frameLength = buffer.frameCapacity
      return buffer
    }

    @Test func recordWhilePlayingBackCompletesEachBufferAfterItsDurationAndTheTapKeepsRunning() throws {
      let log = PlaybackLog()
      let taps = try Self.run("record while playing") {
        let engine = AVAudioEngine()
        let player = AVAudioPlayerNode()
        engine.attach(player)
        engine.connect(player, to: engine.mainMixerNode, format: nil)
        engine.mainMixerNode.outputVolume = 0.5
        let counter = PlaybackLog()
        engine.inputNode.installTap(onBus: 0, bufferSize: 4800, format: nil) { _, _ in counter.events.append("tap") }
        player.scheduleBuffer(Self.buffer(seconds: 0.3)) { log.events.append("first at \(Self.milliseconds())") }
        player.scheduleBuffer(Self.buffer(seconds: 0.2, rate: 16_000)) {
          log.events.append("second at \(Self.milliseconds())")
        }
        try engine.start()
        player.play()
        let playing = player.isPlaying
        try await Task.sleep(for: .seconds(1))
        engine.stop()
        log.events.append("attached \(engine.attachedNodes.contains(player)) playing \(playing)")
        return counter.events.count
      }
      #expect(log.events == ["first at 300", "second at 500", "attached true playing true"])
      // Callbacks at 100…900 ms; the one due at 1 s coincides with engine.stop(), which wins.
      #expect(taps == 9)
    }

    /// The sample app's progress: player.lastRenderTime → player.playerTime(forNodeTime:) → frames.
    @Sendable static func position(_ player: AVAudioPlayerNode) -> String {
      guard let nodeTime = player.lastRenderTime else { return "no render time" }
      guard let playerTime = player.playerTime(forNodeTime: nodeTime) else { return "not playing" }
      return "\(playerTime.sampleTime) @ \(Int(playerTime.sampleRate))"
    }

    @Test func playerTimeCountsWhatWasPlayedAsTheRecordWhilePlayingSampleReadsIt() throws {
      let position = Self.position
      let seen = try Self.run("player time") { () -> [String] in
        let engine = AVAudioEngine()
        let player = AVAudioPlayerNode()
        var seen = [position(player)]  // not attached
        engine.attach(player)
        engine.connect(player, to: engine.mainMixerNode, format: nil)
        player.scheduleBuffer(Self.buffer(seconds: 5))
        seen.append(position(player))  // engine not running
        try engine.start()
        try await Task.sleep(for: .milliseconds(100))
        seen.append(position(player))  // not playing yet
        let before = player.lastRenderTime?.sampleTime
        player.play()
        try await Task.sleep(for: .milliseconds(250))
        seen.append(position(player))
        player.pause()
        seen.append(position(player))
        try await Task.sleep(for: .milliseconds(500))
        player.play()
        try await Task.sleep(for: .milliseconds(250))
        seen.append(position(player))  // the paused half second is left out
        if let node = player.lastRenderTime, let playerTime = player.playerTime(forNodeTime: node),
          let back = player.nodeTime(forPlayerTime: playerTime)
        {
          seen.append("round trip \(back.hostTime == node.hostTime)")
        }
        seen.append("node time from \(before ?? -1) to \(player.lastRenderTime?.sampleTime ?? -1)")
        player.stop()
        player.play()
        seen.append(position(player))  // a stop resets the player timeline
        engine.stop()
        seen.append(position(player))
        return seen
      }
      #expect(
        seen == [
          "no render time", "no render time", "not playing", "12000 @ 48000", "not playing", "24000 @ 48000",
          "round trip true",
          "node time from 4800 to 52800", "0 @ 48000", "no render time",
        ])
    }

    @Test func stopDropsWhatIsScheduledAndCallsItsHandlers() throws {
      let log = PlaybackLog()
      try Self.run("stop") {
        let engine = AVAudioEngine()
        let player = AVAudioPlayerNode()
        engine.attach(player)
        engine.connect(player, to: engine.mainMixerNode, format: nil)
        player.scheduleBuffer(Self.buffer(seconds: 1)) { log.events.append("dropped at \(Self.milliseconds())") }
        try engine.start()
        player.play()
        try await Task.sleep(for: .milliseconds(200))
        player.stop()
        log.events.append("playing \(player.isPlaying)")
        try await Task.sleep(for: .seconds(2))
        engine.stop()
      }
      #expect(log.events == ["dropped at 200", "playing false"])
    }

    @Test func theAsyncFormReturnsTheCallbackTypeAfterThePlayback() throws {
      let result = try Self.run("async schedule") {
        let engine = AVAudioEngine()
        let player = AVAudioPlayerNode()
        engine.attach(player)
        engine.connect(player, to: engine.mainMixerNode, fromBus: 0, toBus: 0, format: nil)
        try engine.start()
        player.play()
        let type = await player.scheduleBuffer(Self.buffer(seconds: 0.25), completionCallbackType: .dataPlayedBack)
        engine.stop()
        return "\(type) \(Self.milliseconds())"
      }
      #expect(result == "dataPlayedBack 250")
    }

    @Test func detachingRemovesTheNodeAndItsConnections() throws {
      let summary = try Self.run("detach") {
        let engine = AVAudioEngine()
        let player = AVAudioPlayerNode()
        let mixer = AVAudioMixerNode()
        engine.attach(player)
        engine.attach(mixer)
        engine.connect(player, to: mixer, format: nil)
        engine.connect(mixer, to: engine.mainMixerNode, format: nil)
        let bus = mixer.nextAvailableInputBus
        engine.disconnectNodeOutput(player)
        let busAfter = mixer.nextAvailableInputBus
        engine.detach(player)
        return [bus, busAfter, engine.attachedNodes.contains(player) ? 1 : 0, player.engine == nil ? 1 : 0]
      }
      #expect(summary == [1, 0, 0, 1])
    }

    @Test func voiceProcessingIsRecordedOnBothIONodesAndRefusedWhileRunning() throws {
      let device = SimulatedDevice()
      let summary = try Self.run("voice processing", device) {
        let engine = AVAudioEngine()
        try engine.inputNode.setVoiceProcessingEnabled(true)
        let both = engine.inputNode.isVoiceProcessingEnabled && engine.outputNode.isVoiceProcessingEnabled
        try engine.start()
        var refused = false
        do { try engine.inputNode.setVoiceProcessingEnabled(false) } catch { refused = true }
        engine.stop()
        try engine.outputNode.setVoiceProcessingEnabled(false)
        return [both, refused, engine.inputNode.isVoiceProcessingEnabled]
      }
      #expect(summary == [true, true, false])
      #expect(
        device.diagnostics.contains {
          $0.subject == "AVAudioIONode" && $0.message.contains("voice processing was enabled")
        })
    }
  }
#endif
