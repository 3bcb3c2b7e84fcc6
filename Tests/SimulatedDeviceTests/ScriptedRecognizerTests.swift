import CoreMediaTwin
import SimulatedDevice
import Testing

@Suite struct ScriptedRecognizerTests {
  let live = RecognitionRequest(module: .speechTranscriber, localeIdentifier: "en-US", reportsVolatileResults: true)
  let finalsOnly = RecognitionRequest(
    module: .speechTranscriber, localeIdentifier: "en-US", reportsVolatileResults: false)

  let foxScript = ModelScript(entries: [
    .volatile("the", at: .seconds(0.4)),
    .volatile("the quick", at: .seconds(0.8)),
    .volatile("the quick brown", at: .seconds(1.2), finalizeAs: "The quick brown."),
    .final("The quick brown fox.", at: .seconds(1.6), range: CMTimeRange(start: .zero, end: .seconds(1.6))),
  ])

  /// Feeds audio in 100 ms steps up to `end` and collects what the recognizer publishes.
  func feed(_ recognizer: any SpeechRecognizing, from start: Double = 0, to end: Double) -> [RecognizerOutput] {
    var outputs: [RecognizerOutput] = []
    var time = start
    while time < end - 1e-9 {
      time = min(end, time + 0.1)
      outputs += [Float]().withUnsafeBufferPointer { recognizer.consume(through: .seconds(time), samples: $0) }
    }
    return outputs
  }

  func results(_ outputs: [RecognizerOutput]) -> [RecognizedResult] {
    outputs.compactMap { if case .result(let result, _) = $0 { result } else { nil } }
  }

  @Test func publishesEachEntryOnceItsAudioIsConsumed() throws {
    let recognizer = try ScriptedModelBackend(script: foxScript).makeRecognizer(for: live)
    let early = results(feed(recognizer, to: 0.75))
    #expect(early.map(\.text.string) == ["the"])
    let rest = results(feed(recognizer, from: 0.75, to: 2.0))
    #expect(rest.map(\.text.string) == ["the quick", "the quick brown", "The quick brown fox."])
    #expect(rest.map(\.isFinal) == [false, false, true])
    // Volatile ranges run from the last final (here: the start) to the entry's time.
    #expect(rest[0].range == CMTimeRange(start: .zero, end: .seconds(0.8)))
    #expect(rest[0].finalizationTime == .zero)
  }

  @Test func finalizeCommitsThePendingVolatileResult() throws {
    let recognizer = try ScriptedModelBackend(script: foxScript).makeRecognizer(for: live)
    _ = feed(recognizer, to: 1.3)
    let committed = results(recognizer.finalize(through: .seconds(1.3)))
    #expect(committed.map(\.text.string) == ["The quick brown."])
    #expect(committed.first?.isFinal == true)
    #expect(committed.first?.range == CMTimeRange(start: .zero, end: .seconds(1.3)))
    // Nothing is left to finalize a second time.
    #expect(recognizer.finalize(through: .seconds(1.3)).isEmpty)
  }

  @Test func withoutVolatileReportingOnlyFinalsArePublishedButFinalizeStillCommits() throws {
    let recognizer = try ScriptedModelBackend(script: foxScript).makeRecognizer(for: finalsOnly)
    #expect(results(feed(recognizer, to: 1.3)).isEmpty)
    #expect(results(recognizer.finalize(through: .seconds(1.3))).map(\.text.string) == ["The quick brown."])
  }

  @Test func anEmptyVolatileWithdrawsTheHypothesis() throws {
    let script = ModelScript(entries: [.volatile("uh", at: .seconds(0.3)), .withdrawal(at: .seconds(0.6))])
    let recognizer = try ScriptedModelBackend(script: script).makeRecognizer(for: live)
    let published = results(feed(recognizer, to: 1.0))
    #expect(published.map(\.text.isEmpty) == [false, true])
    #expect(recognizer.finalize(through: .seconds(1.0)).isEmpty)
  }

  @Test func anErrorFaultFailsTheAnalysisAndEndsOutput() throws {
    let script = ModelScript(
      entries: [.volatile("the", at: .seconds(0.4)), .volatile("the quick", at: .seconds(0.8))],
      faults: [.error(at: .seconds(0.5), failure: ModelFailure(code: 6, message: "model crashed"))])
    let recognizer = try ScriptedModelBackend(script: script).makeRecognizer(for: live)
    let outputs = feed(recognizer, to: 1.0)
    #expect(outputs.map(\.description) == ["volatile [0.000–0.400) \"the\"", "failure: model crashed"])
    #expect(recognizer.finalize(through: .seconds(1.0)).isEmpty)
  }

  @Test func stallsAndLatencySpikesDelayPublication() throws {
    let script = ModelScript(
      entries: [
        .volatile("a", at: .seconds(0.2)), .volatile("a b", at: .seconds(1.0)), .volatile("a b c", at: .seconds(2.0)),
      ],
      faults: [
        .stall(at: .seconds(0.9), duration: .milliseconds(500)),
        .latencySpike(from: .seconds(1.5), to: .seconds(2.5), extra: .milliseconds(300)),
      ],
      latency: .milliseconds(50))
    let recognizer = try ScriptedModelBackend(script: script).makeRecognizer(for: live)
    let delays = feed(recognizer, to: 2.1).map(\.delay)
    // 50 ms base; the stall from 0.9 s holds the 1.0 s result until 1.4 s (400 ms more); the spike adds 300 ms.
    #expect(delays == [.milliseconds(50), .milliseconds(450), .milliseconds(350)])
  }

  @Test func alternativesOnlyWhenRequested() throws {
    let script = ModelScript(entries: [
      .init(kind: .final, at: .seconds(0.5), alternatives: ["recognize speech", "wreck a nice beach"])
    ])
    let plain = try ScriptedModelBackend(script: script).makeRecognizer(for: live)
    #expect(results(feed(plain, to: 0.6)).first?.alternatives.count == 1)
    var request = live
    request.reportsAlternatives = true
    let withAlternatives = try ScriptedModelBackend(script: script).makeRecognizer(for: request)
    #expect(
      results(feed(withAlternatives, to: 0.6)).first?.alternatives.map(\.string) == [
        "recognize speech", "wreck a nice beach",
      ])
  }

  @Test func aLocaleWithoutAScriptHasNoModelWhenThereAreSeveralScriptsOrNone() {
    let request = RecognitionRequest(
      module: .speechTranscriber, localeIdentifier: "fr-FR", reportsVolatileResults: true)
    for backend in [
      ScriptedModelBackend(scripts: ["en-US": foxScript, "de-DE": foxScript]), ScriptedModelBackend(scripts: [:]),
    ] {
      #expect(throws: ModelFailure.self) { try backend.makeRecognizer(for: request) }
    }
  }

  /// A model of another language given the script's speech: the same results at the same times,
  /// as words of its own language (an English model given Russian speech); another region of the
  /// script's language hears the script as it is.
  @Test func anotherLanguageHearsSoundAlikeWordsAndAnotherRegionTheScript() throws {
    let backend = ScriptedModelBackend(script: foxScript, locale: "en-US")
    let french = RecognitionRequest(module: .speechTranscriber, localeIdentifier: "fr-FR", reportsVolatileResults: true)
    #expect(backend.spokenLocale(heardBy: french) == "en-US")
    let heard = results(feed(try backend.makeRecognizer(for: french), to: 1.7))
    let original = results(feed(try backend.makeRecognizer(for: live), to: 1.7))
    #expect(heard.map(\.range) == original.map(\.range))
    #expect(heard.map { $0.text.words.count } == original.map { $0.text.words.count })
    #expect(heard.last?.text.string != original.last?.text.string)
    #expect(heard.last?.text.string.hasSuffix(".") == true)
    // Deterministic: the same words every time.
    #expect(results(feed(try backend.makeRecognizer(for: french), to: 1.7)) == heard)

    let british = RecognitionRequest(
      module: .speechTranscriber, localeIdentifier: "en-GB", reportsVolatileResults: true)
    #expect(backend.spokenLocale(heardBy: british) == nil)
    #expect(results(feed(try backend.makeRecognizer(for: british), to: 1.7)) == original)
  }
}
