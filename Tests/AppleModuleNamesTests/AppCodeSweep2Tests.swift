// Runs the app code of ReusableAnalyzerSession, RemoteTrackTranscription, ActorSpeechPipeline,
// LegacyRecognitionClient and BilingualTranscriberLane (written with Apple's module names only) on
// the simulated device, and checks it behaves as on an iPhone.
import AVFoundation
import CoreMedia
import Foundation
import SimulatedDevice
import Simulation
import Speech
import Testing

@Suite(.serialized) struct AppCodeSweep2Tests {
  static let audio = AppCodeSweepTests.audio
  static func script(_ name: String) throws -> ModelScript { try AppCodeSweepTests.script(name) }
  static func run<Value: Sendable>(
    _ name: String, device: SimulatedDevice, _ body: @escaping @Sendable () async throws -> Value
  ) throws -> Value {
    try AppCodeSweepTests.run(name, device: device, body)
  }

  static func microphoneDevice(_ file: String, script: ModelScript) -> SimulatedDevice {
    SimulatedDevice(
      configuration: .init(microphone: .init(audioFile: audio.appendingPathComponent(file).path)),
      model: ScriptedModelBackend(script: script))
  }

  @Test func oneAnalyzerTranscribesAFileThenGoesLiveAndGivesItsReservationBack() throws {
    var script = try Self.script("two-commands")
    script.leadingSpaceAfterFirstFinal = true
    let device = SimulatedDevice(
      configuration: .init(microphone: .init(audioFile: Self.audio.appendingPathComponent("hello-world.wav").path)),
      model: ScriptedModelBackend(script: script))
    let value = try Self.run("app sweep 2 reusable analyzer", device: device) { () async throws -> [String] in
      let session = try await ReusableAnalyzerSession()
      try await session.transcribeFile(Self.audio.appendingPathComponent("two-commands.wav"))
      try await Simulation.current!.clock.sleep(for: .seconds(1))
      let afterFile = String(session.finalizedTranscript.characters)
      // The session stays open: a live stream on the same analyzer is accepted and finalized.
      try await session.startLive()
      let capturer = try DemoAudioCapturer()
      try await capturer.start()
      let feeder = Task { () -> [Double] in
        var times: [Double] = []
        for await (buffer, time) in capturer.tapEvents {
          session.stream(buffer)
          times.append(DemoAudioCapturer.seconds(time))
        }
        return times
      }
      try await Simulation.current!.clock.sleep(for: .seconds(1))
      capturer.stop()
      let times = await feeder.value
      try await session.finalizePrevious()
      let released = await session.close()
      let reserved = await AssetInventory.reservedLocales.map { $0.identifier(.bcp47) }
      return [
        session.locale.identifier(.bcp47), "\(session.reservedOnOpen)", afterFile,
        "\(session.finalizedTranscript.transcriptionConfidence != nil)", "\(released)", reserved.joined(separator: ","),
        "\(times.count > 5)", "\(zip(times, times.dropFirst()).allSatisfy { $1 > $0 })",
      ]
    }
    #expect(value[0] == "en-US")
    #expect(value[1] == "false", "en-US is reserved from the start on the simulated device")
    #expect(value[2] == "Turn on the lights. Set a timer for ten minutes.")
    #expect(value[3...] == ["true", "true", "", "true", "true"])
  }

  @Test func remoteTrackBuffersAtTheAnalyzerFormatAreCaptioned() throws {
    let device = SimulatedDevice(model: ScriptedModelBackend(script: try Self.script("two-commands")))
    let value = try Self.run("app sweep 2 remote track", device: device) { () async throws -> [String] in
      let captions = RemoteTrackTranscription()
      try await captions.setUpTranscriber(locale: Locale(identifier: "en-US"))
      let format = try #require(captions.analyzerFormat)
      let file = try AVAudioFile(
        forReading: Self.audio.appendingPathComponent("two-commands.wav"), commonFormat: format.commonFormat,
        interleaved: format.isInterleaved)
      while file.framePosition < file.length {
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 1_600))
        try file.read(into: buffer)
        await captions.transcribe(buffer: buffer, format: buffer.format)
        try await Simulation.current!.clock.sleep(for: .milliseconds(100))
      }
      try await captions.stopTranscribing()
      try await Simulation.current!.clock.sleep(for: .milliseconds(100))
      return [
        "\(file.processingFormat == format)", captions.finals.joined(separator: "|"),
        "\(captions.labelUpdates > 0)", "\(captions.labelHidden)",
      ]
    }
    #expect(value == ["true", "Turn on the lights.|Set a timer for ten minutes.", "true", "true"])
    #expect(device.diagnostics.isEmpty, "\(device.diagnostics)")
  }

  @Test func theActorPipelineRecordsConvertsAndTranscribesTheMicrophone() throws {
    let device = Self.microphoneDevice("quick-brown-fox-48k.wav", script: try Self.script("quick-brown-fox-48k"))
    let value = try Self.run("app sweep 2 actor pipeline", device: device) { () async throws -> [String] in
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sweep2-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let analyzer = PipelineAnalyzer()
      try await analyzer.configure(locale: Locale(identifier: "en-US"), partials: true)
      try await analyzer.start()
      let collected = Task { () -> [PipelineResult] in
        var all: [PipelineResult] = []
        for await result in analyzer.results { all.append(result) }
        return all
      }
      let recorder = PipelineRecorder()
      let allowed = await recorder.microphoneAllowed()
      try await recorder.start(into: analyzer, recordingTo: folder.appendingPathComponent("take.caf"))
      try await Simulation.current!.clock.sleep(for: .seconds(6))
      await recorder.stop()
      try await analyzer.finish()
      let results = await collected.value
      let recorded = try AVAudioFile(forReading: folder.appendingPathComponent("take.caf"))
      let frames = await analyzer.convertedFrames
      return [
        "\(allowed)", results.last(where: { !$0.isPartial })?.text ?? "-",
        "\(results.contains(where: \.isPartial))", "\(recorded.fileFormat.sampleRate)",
        "\(recorded.length > 48_000 * 4)", "\(frames > 16_000 * 4)",
        "\(PipelineRecorder.legacyLanguages().contains { $0 == "en-US" || $0 == "en_US" })",
        "\(PipelineRecorder.legacyAvailable(Locale(identifier: "en-US")))",
      ]
    }
    #expect(value[0] == "true")
    #expect(value[1] == "The quick brown fox jumps over the lazy dog.", "\(value)")
    #expect(value[2...] == ["true", "48000.0", "true", "true", "true", "true"])
    // The package's converter never answers .noDataNow, so each call takes the tap's buffer twice:
    // duplicated audio on a device, a diagnostic here.
    let repeats = device.diagnostics.filter { $0.message.contains("returned the same buffer") }
    #expect(!repeats.isEmpty && repeats.allSatisfy { $0.subject == "AVAudioConverter" }, "\(device.diagnostics)")
  }

  @Test func theLegacyClientCopiesResultsWithSegmentsAndMetadata() throws {
    let device = Self.microphoneDevice("two-commands.wav", script: try Self.script("two-commands"))
    let value = try Self.run("app sweep 2 legacy client", device: device) { () async throws -> [String] in
      let status = await LegacyRecognitionClient.authorize()
      let client = LegacyRecognitionClient()
      let request = SFSpeechAudioBufferRecognitionRequest(onDevice: true, contextualStrings: ["timer"])
      client.start(request)
      try await Simulation.current!.clock.sleep(for: .seconds(8))
      client.finish()
      try await Simulation.current!.clock.sleep(for: .seconds(2))
      let last = client.values.last
      let segments = last?.segments ?? []
      let rangesMatch = segments.allSatisfy { segment in
        segment.range.map { String(last!.formattedString[$0]) == segment.substring } ?? false
      }
      return [
        "\(status == .authorized)", "\(client.failure.map { "\($0)" } ?? "none")", last?.formattedString ?? "-",
        "\(last?.isFinal ?? false)", "\(client.values.count > 1)", "\(!segments.isEmpty && rangesMatch)",
        "\(segments.first.map { $0.timestamp > 0.2 && $0.timestamp < 0.4 && $0.duration > 0 } ?? false)",
        "\((last?.transcriptionCount ?? 0) >= 1)",
      ]
    }
    #expect(value[0...1] == ["true", "none"])
    #expect(value[2].hasPrefix("Turn on the lights"), "\(value)")
    #expect(value[3...] == ["true", "true", "true", "true", "true"])
  }

  @Test func aLaneReducesResultsToConfidenceAndOneTimeRange() throws {
    let device = SimulatedDevice(model: ScriptedModelBackend(script: try Self.script("two-commands")))
    let value = try Self.run("app sweep 2 lane", device: device) { () async throws -> [String] in
      let results = await MainActor.run { () -> LaneCollector in LaneCollector() }
      let lane = await BilingualTranscriberLane(locale: Locale(identifier: "en-US")) { results.items.append($0) }
      try await lane.setUp()
      let format = try #require(await lane.analyzerFormat)
      let file = try AVAudioFile(
        forReading: Self.audio.appendingPathComponent("two-commands.wav"), commonFormat: format.commonFormat,
        interleaved: format.isInterleaved)
      let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 107_251))
      try file.read(into: buffer)
      await lane.feed(buffer)
      try await lane.finish()
      let reserved = await AssetInventory.reservedLocales.map { $0.identifier(.bcp47) }
      return await MainActor.run {
        let finals = results.items.filter(\.isFinal)
        let first = finals.first
        return [
          finals.map(\.text).joined(separator: "|"), "\(finals.allSatisfy { $0.confidence != nil })",
          "\(first?.timeRange.map { $0.start.seconds > 0.2 && $0.start.seconds < 0.4 } ?? false)",
          "\(first?.timeRange.map { $0.end.seconds > 1.9 && $0.end.seconds < 2.6 } ?? false)",
          "\(results.items.contains { !$0.isFinal })", reserved.joined(separator: ","),
        ]
      }
    }
    #expect(value[0] == "Turn on the lights.|Set a timer for ten minutes.", "\(value)")
    #expect(value[1...] == ["true", "true", "true", "true", "en-US"])
  }

  @Test func theVoiceChatEngineHearsInterruptionsAndConfigurationChangesThroughAsyncNotifications() throws {
    let device = Self.microphoneDevice("quick-brown-fox-48k.wav", script: try Self.script("quick-brown-fox-48k"))
    let value = try Self.run("app sweep 2 voice chat", device: device) { () async throws -> [String] in
      let clock = Simulation.current!.clock
      let chat = await VoiceChatAudioEngine()
      try await chat.setUp()
      try await chat.start()
      try await clock.sleep(for: .seconds(1))
      await MainActor.run { chat.isMicrophoneMuted = true }
      try await clock.sleep(for: .milliseconds(500))
      await MainActor.run { chat.isMicrophoneMuted = false }
      let session = AVAudioSession.sharedInstance()
      device.beginInterruption()
      let otherDuring = session.isOtherAudioPlaying
      try await clock.sleep(for: .seconds(1))
      device.endInterruption(shouldResume: true)
      try await clock.sleep(for: .milliseconds(500))
      try device.changeRoute(sampleRate: 16_000, channelCount: 1)
      try await clock.sleep(for: .milliseconds(500))
      try await chat.speak([Float](repeating: 0.1, count: 4_800))
      try await clock.sleep(for: .seconds(1))
      await chat.stop()
      return await MainActor.run {
        [
          chat.log.joined(separator: "|"), "\(otherDuring)", "\(session.isOtherAudioPlaying)",
          "\(session.secondaryAudioShouldBeSilencedHint)", "\(chat.heardBuffers > 10)", "\(chat.heardWhileMuted > 0)",
          "\(chat.invalidTapTimes)", "\(chat.playedBuffers)",
        ]
      }
    }
    #expect(
      value[0]
        == "started|began 0 other true|ended resume true other false|started|configuration changed|started",
      "\(value)")
    #expect(value[1...] == ["true", "false", "false", "true", "true", "0", "1"])
  }

  @Test func aNotificationSequenceObservesFromItsCreationUntilItsTaskIsCancelled() throws {
    let value = try Self.run("app sweep 2 notification sequence", device: SimulatedDevice()) {
      () async throws -> [String] in
      let name = Notification.Name("SweepTwoProbe")
      let sequence = NotificationCenter.default.notifications(named: name)
      // Posted before the first `next()`: kept, as the sequence observes from its creation.
      NotificationCenter.default.post(name: name, object: nil, userInfo: ["n": 1])
      let reader = Task { () -> [Int] in
        var seen: [Int] = []
        for await note in sequence { seen.append(note.userInfo?["n"] as? Int ?? -1) }
        return seen
      }
      try await Simulation.current!.clock.sleep(for: .milliseconds(10))
      NotificationCenter.default.post(name: name, object: nil, userInfo: ["n": 2])
      NotificationCenter.default.post(name: Notification.Name("Other"), object: nil, userInfo: ["n": 3])
      try await Simulation.current!.clock.sleep(for: .milliseconds(10))
      reader.cancel()
      return await reader.value.map(String.init)
    }
    #expect(value == ["1", "2"])
  }

  @Test func theDictationSessionSetupIsStoredAndReportedWithoutChangingTheAudio() throws {
    let device = SimulatedDevice()
    let value = try Self.run("app sweep 2 session setup", device: device) { () async throws -> [String] in
      let report = try DictationSessionSetup.configure(gain: 0.8)
      let session = AVAudioSession.sharedInstance()
      var refused: [String] = []
      do { try session.setPreferredInputNumberOfChannels(session.maximumInputNumberOfChannels + 1) } catch {
        refused.append("\((error as NSError).code)")
      }
      refused.append("\(DictationSessionSetup.refusesGain(1.5) ?? 0)")
      return [
        report.mode, "\(report.channels)", "\(report.gain)", "\(report.latencyMilliseconds)", "\(report.volume)",
        "\(report.dataSources.isEmpty)", "\(report.preferences)", "\(session.inputNumberOfChannels)",
        refused.joined(separator: ","),
      ]
    }
    // 1024 frames at 48 kHz each way; the channel preference does not change the hardware.
    #expect(
      value == [
        "AVAudioSessionModeSpokenAudio", "1", "0.8", "43", "0.5", "false", "[true, true, true]", "1", "-50,-50",
      ])
    #expect(device.diagnostics.map(\.subject) == ["AVAudioSession"], "\(device.diagnostics)")
  }
}

/// The router's inbox for lane results.
@MainActor final class LaneCollector {
  var items: [LaneResult] = []
}
