// Runs the app code of LectureNotesTranscription.swift and VoiceMemoHelpers.swift (written with
// Apple's module names only) on the simulated device, and checks it behaves as on an iPhone.
import AVFoundation
import CoreMedia
import Foundation
import SimulatedDevice
import Simulation
import Speech
import Testing

@Suite(.serialized) struct AppCodeSweepTests {
  static let audio = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../fixtures/audio").standardizedFileURL

  static func script(_ name: String) throws -> ModelScript {
    let table = try String(contentsOf: audio.appendingPathComponent("\(name).words.tsv"), encoding: .utf8)
    return ModelScript(transcript: try TimedWord.parseTable(table, source: "\(name).words.tsv"))
  }

  static func run<Value: Sendable>(
    _ name: String, device: SimulatedDevice, _ body: @escaping @Sendable () async throws -> Value
  ) throws -> Value {
    let report = try SimulatedDevice.withDevice(device) {
      try Simulation.run(.init(name: name, seed: 1, exclusivity: .waitForTurn(timeout: .seconds(300))), body)
    }
    return try report.get()
  }

  @Test func liveTranscriptionDownloadsTheModelAndKeepsWordTimings() throws {
    let device = SimulatedDevice(
      configuration: .init(
        microphone: .init(audioFile: Self.audio.appendingPathComponent("quick-brown-fox-48k.wav").path),
        assets: .init(installedLocales: [], reservedLocales: [])),
      model: ScriptedModelBackend(script: try Self.script("quick-brown-fox-48k")))
    let value = try Self.run("app sweep live", device: device) { () async throws -> [String] in
      try await LectureNotesTranscription().requestPermissions()
      let locale = try await LectureNotesTranscription.resolveLocale(Locale(identifier: "en-US"))
      let app = LectureNotesTranscription()
      try await app.startLive(locale: locale)
      try await Simulation.current!.clock.sleep(for: .seconds(6))
      try await app.stopLive()
      let reserved = await AssetInventory.reservedLocales.map { $0.identifier(.bcp47) }
      return [
        locale.identifier(.bcp47), app.statusLog.map(\.description).joined(separator: ","),
        "\(app.downloadFractions)", reserved.joined(separator: ","), String(app.finalized.characters),
        "\(app.volatile.characters.isEmpty)", "\(app.phrases.count)",
        "\(app.convertedBuffers > 0)", "\(app.phrases.first.map { $0.start > 0.2 && $0.start < 0.4 } ?? false)",
        "\(app.phrases.last.map { $0.end > 2.5 && $0.end < 7 } ?? false)",
      ]
    }
    #expect(value[0] == "en-US")
    #expect(value[1] == "supported,installed")
    #expect(value[2] == "[0.0, 1.0]")
    #expect(value[3] == "en-US")
    #expect(value[4] == "The quick brown fox jumps over the lazy dog.")
    #expect(value[5...] == ["true", "1", "true", "true", "true"])
    // What a developer cannot see on a device comes back as diagnostics: the tap's size is only a
    // hint, and stopping without draining the converter loses its filter's last frames.
    #expect(device.diagnostics.map(\.subject) == ["AVAudioNode", "AVAudioConverter"], "\(device.diagnostics)")
  }

  @Test func aRegionalLocaleResolvesToASupportedOneAndAnUnknownLanguageIsRefused() throws {
    let device = SimulatedDevice()
    let value = try Self.run("app sweep locales", device: device) { () async throws -> [String] in
      let british = try await LectureNotesTranscription.resolveLocale(Locale(identifier: "en_GB"))
      let swiss = try await LectureNotesTranscription.resolveLocale(Locale(identifier: "de-CH"))
      var refused = "no"
      do { _ = try await LectureNotesTranscription.resolveLocale(Locale(identifier: "xx-YY")) } catch {
        refused = "\(error)"
      }
      let installed = await SpeechTranscriber.installedLocales.map { $0.identifier(.bcp47) }
      return [british.identifier(.bcp47), swiss.identifier(.bcp47), refused, installed.joined(separator: ",")]
    }
    #expect(value == ["en-GB", "de-DE", "localeNotSupported", "en-US"])
  }

  @Test func aRecordedFileIsTranscribedWithAlternativesAndItsEndTime() throws {
    // Results after the first final begin with a space, as devices show (`text += result.text`).
    var script = try Self.script("two-commands")
    script.leadingSpaceAfterFirstFinal = true
    let device = SimulatedDevice(model: ScriptedModelBackend(script: script))
    let value = try Self.run("app sweep file", device: device) { () async throws -> [String] in
      let app = LectureNotesTranscription()
      let (text, end) = try await app.transcribeFile(
        Self.audio.appendingPathComponent("two-commands.wav"), locale: Locale(identifier: "en-US"))
      return [text, "\(end > 2)", app.statusLog.map(\.description).joined(separator: ",")]
    }
    #expect(value == ["Turn on the lights. Set a timer for ten minutes.", "true", "installed"])
  }

  @Test func dictationWithVoiceActivityFindsTheSpeech() throws {
    let device = SimulatedDevice(model: ScriptedModelBackend(script: try Self.script("two-commands")))
    let value = try Self.run("app sweep dictation", device: device) { () async throws -> [String] in
      let session = DictationWithVoiceActivity(locale: Locale(identifier: "en-US"))
      let (text, speech) = try await session.run(file: Self.audio.appendingPathComponent("two-commands.wav"))
      return [text, "\(!speech.isEmpty)", speech.first.map { memoTimestamp($0.start) } ?? "-"]
    }
    #expect(value[0] == "Turn on the lights. Set a timer for ten minutes.")
    #expect(value[1] == "true")
    #expect(value[2].hasPrefix("0:00."))
  }

  @Test func anUnsupportedLocaleIsAnErrorTheAppCanName() throws {
    let device = SimulatedDevice()
    let value = try Self.run("app sweep errors", device: device) { () async throws -> [String] in
      let transcriber = SpeechTranscriber(locale: Locale(identifier: "xx-YY"), preset: .transcription)
      var messages: [String] = []
      do {
        _ = try await AssetInventory.assetInstallationRequest(supporting: [transcriber])
        messages.append("no error")
      } catch {
        messages.append("\(SpeechFailureMessage(error))")
        messages.append((error as NSError).domain)
      }
      let status = await AssetInventory.status(forModules: [transcriber])
      messages.append("\(status)")
      return messages
    }
    #expect(value == ["downloadTheModel", "SFSpeechErrorDomain", "unsupported"])
  }

  @Test func timesFormatAndTheRecordingIsArchivedAtTheAnalyzerFormat() async throws {
    #expect(memoTimestamp(CMTime(seconds: 65.25, preferredTimescale: 600)) == "1:05.2")
    #expect(memoTimestamp(.invalid) == "--")
    #expect(memoTimestamp(CMTimeRange(start: .zero, duration: CMTime(value: 3, timescale: 2)).end) == "0:01.5")
    let message = SpeechFailureMessage(
      NSError(domain: SFSpeechErrorDomain, code: SFSpeechError.Code.insufficientResources.rawValue))
    #expect(message == .busy)
    #expect(await classify { throw SFSpeechError(.timeout) } == "timeout")
    #expect(await classify { throw NSError(domain: SFSpeechErrorDomain, code: 4) } == "noModel")
    #expect(
      await classify {
        throw SFSpeechError(.tooManyAssetLocalesAllocated, userInfo: [NSLocalizedDescriptionKey: "5 max"])
      }
        == "tooMany 5 max")
    #expect(await classify { throw CancellationError() }.hasPrefix("other"))
    #expect(SFSpeechError.Code(rawValue: 99)?.rawValue == 99)
    #expect(SFSpeechError.audioReadFailed == .audioReadFailed)

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-sweep-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let format = try #require(
      AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true))
    let frames = try archive(
      recording: Self.audio.appendingPathComponent("quick-brown-fox-48k.wav"),
      to: folder.appendingPathComponent("memo.caf"), format: format)
    // 239 067 frames at 48 kHz are about 79 689 at 16 kHz (the converter's filter may hold a few back).
    #expect(abs(frames - 79_689) < 64, "\(frames)")
    let reread = try AVAudioFile(forReading: folder.appendingPathComponent("memo.caf"))
    #expect(reread.fileFormat.sampleRate == 16_000)
    #expect(reread.length == frames)
  }

  @Test func liveCaptionsTimeStampTheirBuffersAndFlagUnsureWords() throws {
    var script = try Self.script("quick-brown-fox-48k")
    script.leadingSpaceAfterFirstFinal = true
    let device = SimulatedDevice(
      configuration: .init(
        microphone: .init(audioFile: Self.audio.appendingPathComponent("quick-brown-fox-48k.wav").path)),
      model: ScriptedModelBackend(script: script))
    let value = try Self.run("app sweep captions", device: device) { () async throws -> [String] in
      let captions = LiveCaptions()
      try await captions.start(locale: Locale(identifier: "en-US"), vocabulary: ["lazy dog"])
      try await Simulation.current!.clock.sleep(for: .seconds(6))
      try device.changeRoute(sampleRate: 16_000, channelCount: 1)
      let lines = try await captions.stop()
      let starts = captions.bufferStarts
      let contiguous = zip(starts, starts.dropFirst()).allSatisfy { $1 > $0 }
      return [
        lines.map(\.text).joined(separator: "|"), "\(lines.first?.unsureWords ?? ["-"])",
        "\(lines.first.map { $0.range.lowerBound < 0.5 && $0.range.upperBound > 2 } ?? false)",
        "\(starts.first ?? -1)", "\(contiguous)", "\(captions.volatileChanges > 0)", "\(captions.configurationChanges)",
      ]
    }
    #expect(value[0] == "The quick brown fox jumps over the lazy dog.")
    #expect(value[1] == "[]")
    #expect(value[2...] == ["true", "0.0", "true", "true", "1"])
  }

  @Test func theLegacyRecognizerFallbackRecognizesAFileWithWordTimes() throws {
    let device = SimulatedDevice(model: ScriptedModelBackend(script: try Self.script("two-commands")))
    let value = try Self.run("app sweep legacy", device: device) { () async throws -> [String] in
      let (text, starts) = try await LegacyFileRecognition().recognize(
        Self.audio.appendingPathComponent("two-commands.wav"), locale: Locale(identifier: "en-US"))
      return [text, "\(starts.count)", "\(starts.first.map { $0 > 0.2 && $0 < 0.4 } ?? false)"]
    }
    #expect(value[0].hasPrefix("Turn on the lights."), "\(value)")
    #expect(value[1] != "0")
    #expect(value[2] == "true")
  }

  @Test func sampleBuffersFromAnAssetReaderAreCopiedConvertedAndTranscribed() throws {
    let device = SimulatedDevice(model: ScriptedModelBackend(script: try Self.script("quick-brown-fox-48k")))
    let value = try Self.run("app sweep sample buffers", device: device) { () async throws -> [String] in
      let (text, count, rate) = try await SampleBufferTranscription(locale: Locale(identifier: "en-US"))
        .transcribe(Self.audio.appendingPathComponent("quick-brown-fox-48k.wav"))
      return [text, "\(count > 1)", "\(rate)"]
    }
    #expect(value == ["The quick brown fox jumps over the lazy dog.", "true", "48000.0"])
    // Drained at the end of the stream: no converter diagnostic.
    #expect(device.diagnostics.isEmpty, "\(device.diagnostics)")
  }

  @Test func copyingPCMOutOfASampleBufferChecksItsRangeAndLayout() throws {
    // Two channels, deinterleaved: each channel lies whole in the data, one after the other.
    let format = try #require(
      AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 16_000, channels: 2, interleaved: false))
    let description = format.formatDescription
    #expect(AVAudioFormat(cmAudioFormatDescription: description) == format)
    let samples: [Float] = (0..<8).map(Float.init) + (0..<8).map { Float($0) + 100 }
    var block: CMBlockBuffer?
    CMBlockBufferCreateWithMemoryBlock(
      allocator: nil, memoryBlock: nil, blockLength: 64, blockAllocator: nil, customBlockSource: nil,
      offsetToData: 0, dataLength: 64, flags: 0, blockBufferOut: &block)
    CMBlockBufferReplaceDataBytes(
      with: samples, blockBuffer: try #require(block), offsetIntoDestination: 0, dataLength: 64)
    var sampleBuffer: CMSampleBuffer?
    CMAudioSampleBufferCreateReadyWithPacketDescriptions(
      allocator: nil, dataBuffer: try #require(block), formatDescription: description, sampleCount: 8,
      presentationTimeStamp: .zero, packetDescriptions: nil, sampleBufferOut: &sampleBuffer)
    let made = try #require(sampleBuffer)

    let whole = try #require(try pcmBuffer(copying: made))
    #expect(Array(UnsafeBufferPointer(start: whole.floatChannelData![1], count: 8)) == (0..<8).map { Float($0) + 100 })
    let part = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 3))
    part.frameLength = 3
    try made.copyPCMData(fromRange: 2..<5, into: part.mutableAudioBufferList)
    #expect(Array(UnsafeBufferPointer(start: part.floatChannelData![0], count: 3)) == [2, 3, 4])
    #expect(Array(UnsafeBufferPointer(start: part.floatChannelData![1], count: 3)) == [102, 103, 104])
    #expect(
      CMSampleBufferCopyPCMDataIntoAudioBufferList(made, at: 6, frameCount: 3, into: part.mutableAudioBufferList)
        == kCMSampleBufferError_SampleIndexOutOfRange)
    #expect(
      CMSampleBufferCopyPCMDataIntoAudioBufferList(made, at: 0, frameCount: 8, into: part.mutableAudioBufferList)
        == kCMSampleBufferError_ArrayTooSmall)

    #expect(CMTimeRangeFromTimeToTime(start: .zero, end: CMTime(value: 3, timescale: 1)).duration.seconds == 3)
    #expect(CMTimeAbsoluteValue(CMTime(value: -3, timescale: 2)) == CMTime(value: 3, timescale: 2))
    let range = CMTimeRange(start: CMTime(value: 1, timescale: 1), duration: CMTime(value: 2, timescale: 1))
    #expect(CMTimeClampToRange(.zero, range: range) == range.start)
    #expect(CMTimeClampToRange(CMTime(value: 9, timescale: 1), range: range) == range.end)
    #expect(CMTimeClampToRange(CMTime(value: 2, timescale: 1), range: range) == CMTime(value: 2, timescale: 1))
    #expect(!CMTimeClampToRange(.zero, range: CMTimeRange(start: .zero, duration: .zero)).isValid)
  }

  @Test func theLegacyBufferRequestTakesCaptureSampleBuffers() throws {
    let device = SimulatedDevice(model: ScriptedModelBackend(script: try Self.script("two-commands")))
    let value = try Self.run("app sweep legacy sample buffers", device: device) { () async throws -> [String] in
      let asset = AVURLAsset(url: Self.audio.appendingPathComponent("two-commands.wav"))
      let track = try #require(try await asset.loadTracks(withMediaType: .audio).first)
      let reader = try AVAssetReader(asset: asset)
      let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
      reader.add(output)
      _ = reader.startReading()
      var buffers: [CMSampleBuffer] = []
      while let buffer = output.copyNextSampleBuffer() { buffers.append(buffer) }
      let recognition = LegacySampleBufferRecognition()
      let text = try await recognition.recognize(buffers, locale: Locale(identifier: "en-US"))
      return [text, "\(recognition.partials > 0)"]
    }
    // No addsPunctuation: the legacy recognizer leaves punctuation out, as Apple's default does.
    #expect(value[0] == "Turn on the lights Set a timer for ten minutes", "\(value)")
    #expect(value[1] == "true")
    #expect(device.diagnostics.isEmpty, "\(device.diagnostics)")
  }

  @Test func theCaptureDevicePermissionIsTheMicrophonePermission() throws {
    for (state, answers, expected) in [
      (SimulatedDevice.RecordPermission.State.undetermined, true, "notDetermined true authorized"),
      (.undetermined, false, "notDetermined false denied"), (.granted, false, "authorized true authorized"),
      (.denied, true, "denied false denied"),
    ] {
      let device = SimulatedDevice(
        configuration: .init(recordPermission: .init(state: state, answersRequestWith: answers)))
      let value = try Self.run("app sweep capture permission", device: device) { () async throws -> String in
        let before = AVCaptureDevice.authorizationStatus(for: .audio)
        let allowed = await microphoneAllowed()
        let handlerAnswer = await withCheckedContinuation { continuation in
          AVCaptureDevice.requestAccess(for: .audio) { continuation.resume(returning: $0) }
        }
        #expect(handlerAnswer == allowed)
        #expect(AVAudioApplication.shared.recordPermission == (allowed ? .granted : .denied))
        return "\(before) \(allowed) \(AVCaptureDevice.authorizationStatus(for: .audio))"
      }
      #expect(value == expected)
    }
    let camera = SimulatedDevice()
    let video = try Self.run("app sweep camera", device: camera) { () async -> String in
      "\(AVCaptureDevice.authorizationStatus(for: .video)) \(await AVCaptureDevice.requestAccess(for: .video))"
    }
    #expect(video == "notDetermined false")
    #expect(camera.diagnostics.map(\.subject) == ["AVCaptureDevice"])
  }

  @Test func mutingTheInputSilencesWhatTheAnalyzerHearsWithoutStoppingTheEngine() throws {
    let device = SimulatedDevice(
      configuration: .init(
        microphone: .init(audioFile: Self.audio.appendingPathComponent("quick-brown-fox-48k.wav").path)),
      model: ScriptedModelBackend(script: try Self.script("quick-brown-fox-48k")))
    let value = try Self.run("app sweep mute", device: device) { () async throws -> [String] in
      nonisolated(unsafe) var notes: [Bool] = []
      let observer = NotificationCenter.default.addObserver(
        forName: AVAudioApplication.inputMuteStateChangeNotification, object: nil, queue: nil
      ) { note in
        if let muted = note.userInfo?[AVAudioApplication.muteStateKey] as? Bool { notes.append(muted) }
      }
      defer { NotificationCenter.default.removeObserver(observer) }
      let captions = LiveCaptions()
      try captions.setMuted(true)
      try await captions.start(locale: Locale(identifier: "en-US"), vocabulary: [])
      try await Simulation.current!.clock.sleep(for: .seconds(1.05))
      let mutedWhileRunning = AVAudioApplication.shared.isInputMuted
      let mutedBuffers = captions.peaks.count
      try captions.setMuted(false)
      try captions.setMuted(false)
      try await Simulation.current!.clock.sleep(for: .seconds(5))
      _ = try await captions.stop()
      let peaks = captions.peaks
      return [
        "\(mutedBuffers > 5)", "\(peaks.prefix(mutedBuffers).allSatisfy { $0 == 0 })",
        "\(peaks.dropFirst(mutedBuffers).contains { $0 > 0.01 })", "\(mutedWhileRunning)", "\(notes)",
      ]
    }
    // The engine kept running and its tap got buffers of silence while muted, the voice after.
    // (The scripted model scripts text, not recognition: its words do not depend on the samples.)
    #expect(value == ["true", "true", "true", "true", "[true, false]"])
  }

  @Test func playbackFollowsVirtualTimeAndHighlightsThePhraseBeingHeard() throws {
    let device = SimulatedDevice()
    let value = try Self.run("app sweep playback", device: device) { () async throws -> [String] in
      let clock = Simulation.current!.clock
      let phrases = [
        TimedPhrase(text: "Turn on the lights.", start: 0.3, end: 2.1),
        TimedPhrase(text: "Set a timer for ten minutes.", start: 3, end: 5.5),
      ]
      let playback = try MemoPlayback(url: Self.audio.appendingPathComponent("two-commands.wav"), phrases: phrases)
      let duration = playback.player.duration
      playback.play(from: phrases[0])
      try await clock.sleep(for: .seconds(1))
      let afterOne = (playback.player.currentTime * 10).rounded() / 10
      let first = playback.highlighted ?? "-"
      playback.player.pause()
      try await clock.sleep(for: .seconds(1))
      let paused = (playback.player.currentTime * 10).rounded() / 10
      playback.player.rate = 2
      playback.play(from: phrases[1])
      try await clock.sleep(for: .seconds(0.5))
      let doubled = (playback.player.currentTime * 10).rounded() / 10
      let second = playback.highlighted ?? "-"
      try await clock.sleep(for: .seconds(duration))
      return [
        "\(afterOne)", first, "\(paused)", "\(doubled)", second, "\(playback.player.isPlaying)",
        "\(playback.player.currentTime)", "\(playback.finishedCount)", "\(duration > 4)",
      ]
    }
    #expect(
      value == [
        "1.3", "Turn on the lights.", "1.3", "4.0", "Set a timer for ten minutes.", "false", "0.0", "1", "true",
      ])
  }

  @Test func aLoopingPlayerFinishesAfterItsLoopsAndStopKeepsTheTime() throws {
    let value = try Self.run("app sweep player loops", device: SimulatedDevice()) { () async throws -> [String] in
      let clock = Simulation.current!.clock
      let playback = try MemoPlayback(url: Self.audio.appendingPathComponent("hello-world.wav"), phrases: [])
      let player = playback.player
      player.numberOfLoops = 1
      player.play()
      try await clock.sleep(for: .seconds(player.duration * 1.5))
      let midSecondLoop = (player.currentTime / player.duration * 10).rounded() / 10
      let playingInSecondLoop = player.isPlaying
      try await clock.sleep(for: .seconds(player.duration * 0.6))
      let finishedAfterLoops = "\(player.isPlaying) \(playback.finishedCount)"
      player.numberOfLoops = 0
      player.currentTime = 0.25
      player.play()
      try await clock.sleep(for: .seconds(0.1))
      player.stop()
      try await clock.sleep(for: .seconds(player.duration))
      let stopped = "\(player.isPlaying) \((player.currentTime * 100).rounded() / 100) \(playback.finishedCount)"
      return ["\(midSecondLoop)", "\(playingInSecondLoop)", finishedAfterLoops, stopped]
    }
    #expect(value == ["0.5", "true", "false 1", "false 0.35 1"])
  }
}
