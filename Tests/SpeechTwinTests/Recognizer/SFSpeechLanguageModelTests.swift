#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AVFAudioTwin
  import Foundation
  import Simulation
  import SimulatedDevice
  import SpeechTwin
  import Testing

  /// Custom language models: training data, the timed preparation step, and whether recognition
  /// used the model (the script's `usesCustomLanguageModel`).
  @Suite(.serialized) struct SFSpeechLanguageModelTests {
    static func directory() throws -> URL {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent("speech-replay-lm-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      return url
    }

    static func trainingData() -> SFCustomLanguageModelData {
      SFCustomLanguageModelData(locale: Locale(identifier: "en-US"), identifier: "com.example.terms", version: "1.0") {
        SFCustomLanguageModelData.PhraseCount(phrase: "speech replay", count: 10)
        for word in ["analyzer", "transcriber"] { SFCustomLanguageModelData.PhraseCount(phrase: word, count: 3) }
        SFCustomLanguageModelData.CustomPronunciation(grapheme: "Xcode", phonemes: ["z", "@U", "k", "@U", "d"])
      }
    }

    @Test func preparingAModelTakesVirtualTimeAndWritesTheModel() throws {
      let folder = try Self.directory()
      defer { try? FileManager.default.removeItem(at: folder) }
      let configuration = SFSpeechLanguageModel.Configuration(
        languageModel: folder.appendingPathComponent("model.bin"),
        vocabulary: folder.appendingPathComponent("vocabulary.bin"))
      let (elapsed, device, report) = try AnalyzerHarness.run(
        "prepare", configuration: .init(customLanguageModelPreparation: .seconds(4))
      ) { _ in
        let data = folder.appendingPathComponent("training.json")
        try await Self.trainingData().export(to: data)
        let start = Simulation.current!.now
        try await SFSpeechLanguageModel.prepareCustomLanguageModel(
          for: data, clientIdentifier: "com.example", configuration: configuration)
        let first = Simulation.current!.now - start
        try await SFSpeechLanguageModel.prepareCustomLanguageModel(
          for: data, clientIdentifier: "com.example", configuration: configuration)
        return (first, Simulation.current!.now - start)
      }
      #expect(elapsed.0 == .seconds(4))
      #expect(elapsed.1 == .seconds(4), "a prepared model is cached")
      #expect(device.isLanguageModelPrepared(at: configuration.languageModel.path))
      let model = try String(contentsOf: configuration.languageModel, encoding: .utf8)
      #expect(model.contains("phrases 3") && model.contains("terms 1"))
      #expect(try String(contentsOf: configuration.vocabulary!, encoding: .utf8) == "Xcode\tz @U k @U d\n")
      #expect(
        report.trace.filter { $0.kind == .languageModelPrepared }.map {
          $0.fields.first { $0.name == "outcome" }?.value
        } == ["prepared", "cached"])
    }

    @Test func trainingDataThatIsNotAnExportIsRefused() throws {
      let folder = try Self.directory()
      defer { try? FileManager.default.removeItem(at: folder) }
      let bogus = folder.appendingPathComponent("bogus.json")
      try Data("not training data".utf8).write(to: bogus)
      let (error, _, _) = try AnalyzerHarness.run("bad data") { _ in
        await withCheckedContinuation { continuation in
          SFSpeechLanguageModel.prepareCustomLanguageModel(
            for: bogus, clientIdentifier: "c",
            configuration: .init(languageModel: folder.appendingPathComponent("m.bin"))
          ) { continuation.resume(returning: ($0 as? SFSpeechError)?.code) }
        }
      }
      #expect(error == .malformedSupplementalModel)
    }

    @Test func recognitionRecordsWhetherTheModelWasUsed() throws {
      for usesModel in [true, false] {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var script = AnalyzerHarness.foxScript
        script.usesCustomLanguageModel = usesModel
        let configuration = SFSpeechLanguageModel.Configuration(
          languageModel: folder.appendingPathComponent("model.bin"))
        let (_, device, report) = try AnalyzerHarness.run("use", script: script) { _ in
          let data = folder.appendingPathComponent("training.json")
          try await Self.trainingData().export(to: data)
          try await SFSpeechLanguageModel.prepareCustomLanguageModel(
            for: data, clientIdentifier: "c", configuration: configuration)
          // The legacy request…
          let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
          let request = SFSpeechAudioBufferRecognitionRequest()
          request.customizedLanguageModel = configuration
          let task = recognizer.recognitionTask(with: request) { _, _ in }
          request.endAudio()
          // … and the dictation hint.
          let dictation = DictationTranscriber(
            locale: Locale(identifier: "en-US"), contentHints: [.customizedLanguage(modelConfiguration: configuration)],
            transcriptionOptions: [], reportingOptions: [], attributeOptions: [])
          let analyzer = SpeechAnalyzer(modules: [dictation])
          let input = [AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600))]
          _ = try await analyzer.analyzeSequence(input.async)
          await analyzer.cancelAndFinishNow()
          try await Simulation.current!.clock.sleep(for: .milliseconds(10))
          _ = task
        }
        let uses = report.trace.filter { $0.kind == .languageModelUse }
        #expect(uses.count == 2)
        #expect(
          uses.allSatisfy {
            $0.fields.contains(.init("used", String(usesModel))) && $0.fields.contains(.init("prepared", "true"))
          })
        #expect(!device.diagnostics.contains { $0.message.contains("was not prepared") })
      }
    }

    @Test func anUnpreparedModelIsDiagnosed() throws {
      let configuration = SFSpeechLanguageModel.Configuration(
        languageModel: URL(fileURLWithPath: "/nonexistent/model.bin"))
      let (_, device, report) = try AnalyzerHarness.run("unprepared") { _ in
        let recognizer = try #require(SFSpeechRecognizer(locale: Locale(identifier: "en-US")))
        let request = SFSpeechAudioBufferRecognitionRequest()
        request.customizedLanguageModel = configuration
        _ = recognizer.recognitionTask(with: request) { _, _ in }
        request.endAudio()
        try await Simulation.current!.clock.sleep(for: .milliseconds(10))
      }
      #expect(report.trace.first { $0.kind == .languageModelUse }?.fields.contains(.init("used", "false")) == true)
      #expect(device.diagnostics.contains { $0.message.contains("was not prepared") })
    }
  }
#endif
