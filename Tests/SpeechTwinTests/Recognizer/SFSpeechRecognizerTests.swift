#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AVFAudioTwin
  import CoreMediaTwin
  import Foundation
  import Simulation
  import SimulatedDevice
  import SpeechTwin
  import Testing

  /// The pre-26 recognition API on the simulated device: permission, availability, tasks, results,
  /// errors and traps (Documentation/Twins.md, "SFSpeechRecognizer").
  @Suite(.serialized) struct SFSpeechRecognizerTests {
    static let microphone = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!

    /// Appends `seconds` of 100 ms microphone buffers at real-time pace.
    static func speak(
      into request: SFSpeechAudioBufferRecognitionRequest, seconds: Double, format: AVAudioFormat = microphone
    ) async throws {
      let clock = Simulation.current!.clock
      for _ in 0..<Int((seconds * 10).rounded()) {
        request.append(AnalyzerHarness.buffer(format, frames: Int(format.sampleRate / 10)))
        try await clock.sleep(for: .milliseconds(100))
      }
    }

    // MARK: Permission

    @Test func authorizationFollowsTheDevicesPermission() throws {
      for (start, answer, expected) in [
        (
          SimulatedDevice.SpeechRecognitionPermission.State.notDetermined, true,
          SFSpeechRecognizerAuthorizationStatus.authorized
        ),
        (.notDetermined, false, .denied), (.restricted, true, .restricted), (.denied, true, .denied),
      ] {
        let configuration = SimulatedDevice.Configuration(
          speechRecognitionPermission: .init(state: start, answersRequestWith: answer))
        let (value, device, _) = try AnalyzerHarness.run("authorization", configuration: configuration) { _ in
          let before = SFSpeechRecognizer.authorizationStatus()
          let answered = await withCheckedContinuation { continuation in
            SFSpeechRecognizer.requestAuthorization { continuation.resume(returning: $0) }
          }
          return (before, answered, SFSpeechRecognizer.authorizationStatus())
        }
        #expect(value.0.rawValue == SFSpeechRecognizerAuthorizationStatus(start).rawValue)
        #expect(value.1 == expected)
        #expect(value.2 == expected)
        #expect(device.speechRecognitionPermission.rawValue == String(describing: expected))
      }
    }

    @Test func anUnauthorizedTaskFailsAtOnceWithADiagnostic() throws {
      let configuration = SimulatedDevice.Configuration(speechRecognitionPermission: .init(state: .notDetermined))
      let (value, device, report) = try AnalyzerHarness.run("not authorized", configuration: configuration) { _ in
        let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
        let collector = TaskCollector()
        let request = SFSpeechAudioBufferRecognitionRequest()
        let task = recognizer.recognitionTask(with: request, resultHandler: collector.handler)
        try await Self.speak(into: request, seconds: 0.5)
        request.endAudio()
        try await Simulation.current!.clock.sleep(for: .seconds(1))
        return (await collector.lines, task.state, (task.error as NSError?)?.code)
      }
      #expect(value.0 == ["error kAFAssistantErrorDomain 1700"])
      #expect(value.1 == .completed)
      #expect(value.2 == 1700)
      #expect(device.diagnostics.contains { $0.message.contains("requestAuthorization") })
      #expect(report.ledgerAtEnd.resources["open recognition tasks", default: 0] == 0)
    }

    // MARK: Recognizers and availability

    @Test func localesAvailabilityAndOnDeviceSupportComeFromTheDevice() throws {
      let (value, _, _) = try AnalyzerHarness.run("locales") { _ in
        let english = SFSpeechRecognizer(locale: Locale(identifier: "en-US"))
        let british = SFSpeechRecognizer(locale: Locale(identifier: "en_GB"))
        return (
          SFSpeechRecognizer(locale: Locale(identifier: "ru-RU")) == nil, english?.locale.identifier,
          english?.supportsOnDeviceRecognition, british?.supportsOnDeviceRecognition, english?.isAvailable,
          british?.isAvailable,
          SFSpeechRecognizer.supportedLocales().contains(Locale(identifier: "de-DE")),
          english?.queue === OperationQueue.main,
          english?.defaultTaskHint
        )
      }
      #expect(value.0, "a locale the device does not support gives no recognizer")
      #expect(value.1 == "en-US")
      #expect(value.2 == true, "en-US is installed")
      #expect(value.3 == false, "en-GB is supported but not on the device")
      #expect(value.4 == true && value.5 == true, "online, both are available")
      #expect(value.6)
      #expect(value.7 == true, "the default queue is the main queue")
      #expect(value.8 == .unspecified)
    }

    @Test func aRegionOverrideKeepsTheLanguagesRecognizer() throws {
      // English with Spain's formats (Settings → Region): the language is still en-US (FrigadeHQ/yap#5).
      let (value, _, _) = try AnalyzerHarness.run("region override") { _ in
        let english = SFSpeechRecognizer(locale: Locale(identifier: "en-US-u-rg-eszzzz"))
        let icu = SFSpeechRecognizer(locale: Locale(identifier: "en_US@rg=eszzzz"))
        return (
          english?.supportsOnDeviceRecognition, icu?.supportsOnDeviceRecognition,
          SFSpeechRecognizer(locale: Locale(identifier: "ru-RU-u-rg-uszzzz")) == nil
        )
      }
      #expect(value.0 == true, "the en-US recognizer, whose model is on the device")
      #expect(value.1 == true, "the same locale written the ICU way")
      #expect(value.2, "an override does not make an unsupported language supported")
    }

    @Test func theDelegateHearsAvailabilityChangesWithTheNetwork() throws {
      let (value, _, report) = try AnalyzerHarness.run("availability") { device in
        let british = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-GB")))
        let english = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
        let britishDelegate = AvailabilityDelegate()
        let englishDelegate = AvailabilityDelegate()
        british.delegate = britishDelegate
        english.delegate = englishDelegate
        device.networkAvailable = false
        try await Simulation.current!.clock.sleep(for: .milliseconds(10))
        let offline = (british.isAvailable, english.isAvailable)
        device.networkAvailable = true
        try await Simulation.current!.clock.sleep(for: .milliseconds(10))
        return (offline, await britishDelegate.changes, await englishDelegate.changes)
      }
      #expect(value.0 == (false, true), "offline only the locale with an on-device model stays available")
      #expect(value.1 == [false, true])
      #expect(value.2 == [], "en-US never changed: its model is on the device")
      #expect(report.trace.filter { $0.kind == .recognizerAvailability }.count == 2)
    }

    // MARK: Recognition

    @Test func partialResultsGrowAndTheFinalComesAfterEndAudio() throws {
      let (value, device, report) = try AnalyzerHarness.run("buffer recognition") { _ in
        let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
        let collector = TaskCollector()
        let request = SFSpeechAudioBufferRecognitionRequest()
        let task = recognizer.recognitionTask(with: request, resultHandler: collector.handler)
        try await Self.speak(into: request, seconds: 2)
        let beforeEnd = (
          await collector.lines, task.state, task.isFinishing,
          Simulation.current!.ledger.count(of: .openRecognitionTasks)
        )
        request.endAudio()
        try await Simulation.current!.clock.sleep(for: .milliseconds(100))
        return (
          beforeEnd, await collector.lines, await collector.finals, task.state, task.isFinishing, task.error == nil
        )
      }
      #expect(
        value.0.0 == [
          "partial \"the\"", "partial \"the quick\"", "partial \"the quick brown\"", "partial \"The quick brown fox\"",
        ])
      #expect(value.0.1 == .running)
      #expect(value.0.2 == false)
      #expect(value.0.3 == 1, "the task is open until its audio ends")
      #expect(
        value.1.last == "final \"The quick brown fox\"", "without addsPunctuation the script's full stop is dropped")
      let final = try #require(value.2.first)
      #expect(final.bestTranscription.segments.map(\.substring) == ["The", "quick", "brown", "fox"])
      #expect(final.bestTranscription.segments.map(\.substringRange.location) == [0, 4, 10, 16])
      #expect(final.bestTranscription.segments.allSatisfy { $0.confidence == 1 })
      #expect(
        abs(final.bestTranscription.segments[3].timestamp - 1.2) < 0.001,
        "words without ranges share the result's audio")
      let metadata = try #require(final.speechRecognitionMetadata)
      #expect(abs(metadata.speechDuration - 1.6) < 0.001)
      #expect(abs(metadata.speakingRate - 150) < 0.01, "4 words in 1.6 s")
      #expect(metadata.voiceAnalytics == nil)
      #expect(value.3 == .completed && value.4 && value.5)
      #expect(device.diagnostics.isEmpty)
      #expect(report.ledgerAtEnd.resources["open recognition tasks", default: 0] == 0)
      #expect(report.trace.filter { $0.kind == .recognitionResult }.count == 5)
    }

    @Test func punctuationAndPartialResultsFollowTheRequest() throws {
      let (lines, _, _) = try AnalyzerHarness.run("final only") { _ in
        let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
        let collector = TaskCollector()
        let request = SFSpeechAudioBufferRecognitionRequest()
        request.shouldReportPartialResults = false
        request.addsPunctuation = true
        _ = recognizer.recognitionTask(with: request, resultHandler: collector.handler)
        try await Self.speak(into: request, seconds: 2)
        request.endAudio()
        try await Simulation.current!.clock.sleep(for: .milliseconds(100))
        return await collector.lines
      }
      #expect(lines == ["final \"The quick brown fox.\""])
    }

    @Test func silenceEndsWithNoSpeechDetected() throws {
      let (value, device, _) = try AnalyzerHarness.run("no speech", script: ModelScript(entries: [])) { _ in
        let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
        let collector = TaskCollector()
        let request = SFSpeechAudioBufferRecognitionRequest()
        let task = recognizer.recognitionTask(with: request, resultHandler: collector.handler)
        try await Self.speak(into: request, seconds: 1)
        request.endAudio()
        try await Simulation.current!.clock.sleep(for: .milliseconds(100))
        return (await collector.lines, (task.error as NSError?)?.localizedDescription)
      }
      #expect(value.0 == ["error kAFAssistantErrorDomain 1110"])
      #expect(value.1 == "No speech detected")
      #expect(device.diagnostics.contains { $0.message.contains("No speech detected") })
    }

    @Test func cancelEndsTheTaskWithTheCancellationError() throws {
      let (value, _, report) = try AnalyzerHarness.run("cancel") { _ in
        let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
        let collector = TaskCollector()
        let request = SFSpeechAudioBufferRecognitionRequest()
        let task = recognizer.recognitionTask(with: request, resultHandler: collector.handler)
        try await Self.speak(into: request, seconds: 1)
        task.cancel()
        try await Self.speak(into: request, seconds: 1)  // the tap still running: ignored
        try await Simulation.current!.clock.sleep(for: .milliseconds(100))
        return (await collector.lines, task.isCancelled, task.state)
      }
      #expect(value.0 == ["partial \"the\"", "partial \"the quick\"", "error kLSRErrorDomain 301"])
      #expect(value.1 && value.2 == .completed)
      #expect(report.ledgerAtEnd.resources["open recognition tasks", default: 0] == 0)
    }

    @Test func finishEndsTheAudioLikeEndAudio() throws {
      let (lines, _, _) = try AnalyzerHarness.run("finish") { _ in
        let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
        let collector = TaskCollector()
        let request = SFSpeechAudioBufferRecognitionRequest()
        request.shouldReportPartialResults = false
        let task = recognizer.recognitionTask(with: request, resultHandler: collector.handler)
        try await Self.speak(into: request, seconds: 1)
        task.finish()
        try await Simulation.current!.clock.sleep(for: .milliseconds(100))
        return await collector.lines
      }
      #expect(lines == ["final \"the quick\""], "finishing commits the volatile words heard so far")
    }

    @Test func requiringOnDeviceRecognitionWithoutTheModelFails() throws {
      let (lines, device, _) = try AnalyzerHarness.run("on device", script: AnalyzerHarness.foxScript) { _ in
        let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-GB")))
        let collector = TaskCollector()
        let request = SFSpeechAudioBufferRecognitionRequest()
        request.requiresOnDeviceRecognition = true
        _ = recognizer.recognitionTask(with: request, resultHandler: collector.handler)
        request.endAudio()
        try await Simulation.current!.clock.sleep(for: .milliseconds(100))
        return await collector.lines
      }
      #expect(lines == ["error kLSRErrorDomain 102"])
      #expect(device.diagnostics.contains { $0.message.contains("supportsOnDeviceRecognition") })
    }

    @Test func aFormatChangeMidTaskIsIgnoredWithADiagnostic() throws {
      let (lines, device, _) = try AnalyzerHarness.run("format change") { _ in
        let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
        let collector = TaskCollector()
        let request = SFSpeechAudioBufferRecognitionRequest()
        _ = recognizer.recognitionTask(with: request, resultHandler: collector.handler)
        try await Self.speak(into: request, seconds: 0.5)
        try await Self.speak(
          into: request, seconds: 1.5, format: AVAudioFormat(standardFormatWithSampleRate: 16_000, channels: 1)!)
        request.endAudio()
        try await Simulation.current!.clock.sleep(for: .milliseconds(100))
        return await collector.lines
      }
      #expect(lines == ["partial \"the\"", "final \"the\""], "audio after the route change gives no text")
      #expect(device.diagnostics.filter { $0.message.contains("was appended after buffers in 48000 Hz") }.count == 1)
    }

    @Test func aTaskWhoseAudioNeverEndsStaysOpen() throws {
      let (value, device, report) = try AnalyzerHarness.run("never ended") { _ in
        let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
        let collector = TaskCollector()
        var request: SFSpeechAudioBufferRecognitionRequest? = SFSpeechAudioBufferRecognitionRequest()
        let task = recognizer.recognitionTask(with: request!, resultHandler: collector.handler)
        try await Self.speak(into: request!, seconds: 2)
        request = nil  // the app drops the request without endAudio()
        try await Simulation.current!.clock.sleep(for: .seconds(1))
        return (await collector.finals.count, task.state)
      }
      #expect(value.0 == 0)
      #expect(value.1 == .running)
      #expect(report.ledgerAtEnd.resources["open recognition tasks", default: 0] == 1)
      #expect(device.diagnostics.contains { $0.message.contains("released without endAudio()") })
    }

    @Test func theDelegateHearsEveryStepInOrder() throws {
      let (events, _, _) = try AnalyzerHarness.run("delegate") { _ in
        let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
        let delegate = TaskDelegate()
        let request = SFSpeechAudioBufferRecognitionRequest()
        _ = recognizer.recognitionTask(with: request, delegate: delegate)
        try await Self.speak(into: request, seconds: 2)
        request.endAudio()
        try await Simulation.current!.clock.sleep(for: .milliseconds(100))
        return await delegate.events
      }
      #expect(
        events == [
          "detect", "hypothesis the", "hypothesis the quick", "hypothesis the quick brown",
          "hypothesis The quick brown fox",
          "finishedReading", "processed 2.0", "final The quick brown fox", "success true",
        ])
    }

    @Test func aURLRequestTranscribesTheWholeFile() throws {
      let url = Fixtures.audio.appendingPathComponent("quick-brown-fox-48k.wav")
      let (lines, _, _) = try AnalyzerHarness.run("url") { _ in
        let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
        let collector = TaskCollector()
        let request = SFSpeechURLRecognitionRequest(url: url)
        request.shouldReportPartialResults = false
        _ = recognizer.recognitionTask(with: request, resultHandler: collector.handler)
        try await Simulation.current!.clock.sleep(for: .milliseconds(100))
        return await collector.lines
      }
      #expect(lines == ["final \"The quick brown fox\""])
    }

    @Test func anUnreadableFileFailsWithAudioReadFailed() throws {
      let (lines, _, _) = try AnalyzerHarness.run("bad url") { _ in
        let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
        let collector = TaskCollector()
        _ = recognizer.recognitionTask(
          with: SFSpeechURLRecognitionRequest(url: URL(fileURLWithPath: "/nonexistent.wav")),
          resultHandler: collector.handler)
        try await Simulation.current!.clock.sleep(for: .milliseconds(100))
        return await collector.lines
      }
      #expect(lines == ["error SFSpeechErrorDomain 2"])
    }
  }

  extension SFSpeechRecognizerAuthorizationStatus {
    init(_ state: SimulatedDevice.SpeechRecognitionPermission.State) {
      switch state {
      case .notDetermined: self = .notDetermined
      case .denied: self = .denied
      case .restricted: self = .restricted
      case .authorized: self = .authorized
      }
    }
  }

  /// Collects what a result handler receives, as lines: `partial "…"`, `final "…"`, `error DOMAIN CODE`.
  actor TaskCollector {
    private(set) var lines: [String] = []
    private(set) var finals: [SFSpeechRecognitionResult] = []

    func add(_ result: SFSpeechRecognitionResult?, _ error: (any Error)?) {
      if let result {
        lines.append(result.description)
        if result.isFinal { finals.append(result) }
      }
      if let error {
        let error = error as NSError
        lines.append("error \(error.domain) \(error.code)")
      }
    }

    nonisolated var handler: (SFSpeechRecognitionResult?, (any Error)?) -> Void {
      { result, error in
        MainActor.assertIsolated("result handlers run on the main actor")
        Task { await self.add(result, error) }
      }
    }
  }

  /// Records availability changes.
  final class AvailabilityDelegate: NSObject, SFSpeechRecognizerDelegate, @unchecked Sendable {
    private let recorded = Recorder<Bool>()
    var changes: [Bool] { get async { await recorded.values } }
    func speechRecognizer(_ speechRecognizer: SFSpeechRecognizer, availabilityDidChange available: Bool) {
      Task { await recorded.add(available) }
    }
  }

  /// Records the task delegate's calls as lines.
  final class TaskDelegate: NSObject, SFSpeechRecognitionTaskDelegate, @unchecked Sendable {
    private let recorded = Recorder<String>()
    var events: [String] { get async { await recorded.values } }
    private func add(_ line: String) { Task { await recorded.add(line) } }
    func speechRecognitionDidDetectSpeech(_ task: SFSpeechRecognitionTask) { add("detect") }
    func speechRecognitionTask(
      _ task: SFSpeechRecognitionTask, didHypothesizeTranscription transcription: SFTranscription
    ) {
      add("hypothesis \(transcription.formattedString)")
    }
    func speechRecognitionTask(
      _ task: SFSpeechRecognitionTask, didFinishRecognition recognitionResult: SFSpeechRecognitionResult
    ) {
      add("final \(recognitionResult.bestTranscription.formattedString)")
    }
    func speechRecognitionTaskFinishedReadingAudio(_ task: SFSpeechRecognitionTask) { add("finishedReading") }
    func speechRecognitionTaskWasCancelled(_ task: SFSpeechRecognitionTask) { add("cancelled") }
    func speechRecognitionTask(_ task: SFSpeechRecognitionTask, didFinishSuccessfully successfully: Bool) {
      add("success \(successfully)")
    }
    func speechRecognitionTask(_ task: SFSpeechRecognitionTask, didProcessAudioDuration duration: TimeInterval) {
      add("processed \(duration)")
    }
  }

  /// An ordered record kept by an actor.
  actor Recorder<Value: Sendable> {
    private(set) var values: [Value] = []
    func add(_ value: Value) { values.append(value) }
  }
#endif
