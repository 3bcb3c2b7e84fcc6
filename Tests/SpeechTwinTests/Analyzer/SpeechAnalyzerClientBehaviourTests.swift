#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AVFAudioTwin
  import CoreMediaTwin
  import Foundation
  import Simulation
  import SimulatedDevice
  import SpeechTwin
  import Testing

  /// Behaviour app code depends on (issue 11, section 2): start-up errors reach every results
  /// stream, removed modules' results end, the format after a released reservation, and the
  /// spacing of successive results.
  @Suite(.serialized) struct SpeechAnalyzerClientBehaviourTests {
    let locale = Locale(identifier: "en-US")

    /// Reads a module's results until they end; returns the error they ended with, as a code.
    static func outcome<Module: SpeechModule>(of module: Module) -> Task<String, Never> {
      Task {
        do {
          for try await _ in module.results {}
          return "ended"
        } catch let error as SFSpeechError {
          return "threw \(error.code)"
        } catch {
          return "threw \(error)"
        }
      }
    }

    @Test func aStartUpErrorIsThrownFromEveryModulesResults() throws {
      let (value, _, _) = try AnalyzerHarness.run("no slot", configuration: .init(maximumSimultaneousAnalyzers: 0)) {
        _ in
        let transcriber = SpeechTranscriber(locale: locale, preset: .progressiveTranscription)
        let detector = SpeechDetector(detectionOptions: .init(sensitivityLevel: .medium), reportResults: true)
        let analyzer = SpeechAnalyzer(modules: [transcriber, detector])
        let transcriberOutcome = Self.outcome(of: transcriber)
        let detectorOutcome = Self.outcome(of: detector)
        let (stream, _) = AsyncStream<AnalyzerInput>.makeStream()
        let started = await Attempt.of { try await analyzer.start(inputSequence: stream) }
        // The autonomous initializer has no caller to throw to: only the results say it failed.
        let other = SpeechTranscriber(locale: locale, preset: .progressiveTranscription)
        let otherOutcome = Self.outcome(of: other)
        _ = SpeechAnalyzer(inputSequence: stream, modules: [other])
        return (
          started.error?.code, await transcriberOutcome.value, await detectorOutcome.value, await otherOutcome.value
        )
      }
      #expect(value.0 == .insufficientResources)
      #expect(value.1 == "threw insufficientResources")
      #expect(value.2 == "threw insufficientResources")
      #expect(value.3 == "threw insufficientResources")
    }

    @Test func aDetectorRemovedBySetModulesEndsItsResults() throws {
      let (value, _, _) = try AnalyzerHarness.run("detector removed") { _ in
        let transcriber = SpeechTranscriber(locale: locale, preset: .progressiveTranscription)
        let detector = SpeechDetector(detectionOptions: .init(sensitivityLevel: .medium), reportResults: true)
        let idleDetector = SpeechDetector()
        let analyzer = SpeechAnalyzer(modules: [transcriber, detector, idleDetector])
        let detectorOutcome = Self.outcome(of: detector)
        let idleOutcome = Self.outcome(of: idleDetector)
        let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()
        try await analyzer.start(inputSequence: stream)
        input.yield(AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600)))
        try await Simulation.current!.clock.sleep(for: .milliseconds(100))
        try await analyzer.setModules([transcriber])
        // Both removed detectors' results end now, while the analyzer still runs.
        let outcomes = (await detectorOutcome.value, await idleOutcome.value)
        input.finish()
        try await analyzer.finalizeAndFinishThroughEndOfInput()
        return outcomes
      }
      #expect(value.0 == "ended")
      #expect(value.1 == "ended")
    }

    @Test func theFormatStaysAvailableAfterTheReservationIsReleased() throws {
      let (value, _, _) = try AnalyzerHarness.run("released") { _ in
        let transcriber = SpeechTranscriber(locale: locale, preset: .progressiveTranscription)
        let released = await AssetInventory.release(reservedLocale: locale)
        return (
          released, await AssetInventory.status(forModules: [transcriber]),
          await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber]),
          await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [
            SpeechTranscriber(locale: Locale(identifier: "de-DE"), preset: .transcription)
          ])
        )
      }
      #expect(value.0)
      #expect(value.1 == .supported, "the reservation is gone")
      #expect(
        value.2 == AnalyzerHarness.analyzerFormat, "the model is still on the device, so the analyzer can still use it")
      #expect(value.3 == nil, "a model that is not on the device gives no format")
    }

    static let twoSentences = ModelScript(entries: [
      .final("Turn on the lights.", at: .seconds(0.5)),
      .volatile("set a", at: .seconds(0.8)),
      .final("Set a timer.", at: .seconds(1.2)),
    ])

    @Test(arguments: [true, false]) func resultsAfterTheFirstFinalStartWithASpaceUnlessTheScriptSaysNo(
      spaced: Bool
    ) throws {
      var script = Self.twoSentences
      script.leadingSpaceAfterFirstFinal = spaced
      let (texts, _, _) = try AnalyzerHarness.run("spacing", script: script) { _ in
        let transcriber = SpeechTranscriber(locale: locale, preset: .progressiveTranscription)
        let analyzer = SpeechAnalyzer(modules: [transcriber])
        let reading = Task {
          var texts: [String] = []
          for try await result in transcriber.results { texts.append(String(result.text.characters)) }
          return texts
        }
        let inputs = (0..<15).map { _ in AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600)) }
        let last = try await analyzer.analyzeSequence(inputs.async)
        try await analyzer.finalizeAndFinish(through: try #require(last))
        return try await reading.value
      }
      if spaced {
        #expect(texts == ["Turn on the lights.", " set a", " Set a timer."])
        #expect(
          texts.filter { !$0.hasPrefix(" set") }.joined() == "Turn on the lights. Set a timer.",
          "Apple's sample: committed += result.text")
      } else {
        #expect(texts == ["Turn on the lights.", "set a", "Set a timer."])
      }
    }
  }
#endif
