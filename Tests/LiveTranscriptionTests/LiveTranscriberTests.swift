import Foundation
import LiveTranscription
import SimulatedDevice
import Simulation
import Testing

/// The reference stack on a simulated device: text, the model, availability and permission.
@Suite(.serialized) struct LiveTranscriberTests {
  static let sentence = "The quick brown fox jumps over the lazy dog."

  @Test func aSentenceIsCommittedAndVolatileIsLeftEmpty() throws {
    let device = try StackHarness.device("quick-brown-fox-48k")
    let (state, statistics, ledger) = try StackHarness.run("sentence", on: device) {
      let (transcriber, _) = StackHarness.recordedTranscriber()
      await transcriber.start()
      try await StackHarness.wait(.seconds(6))
      await transcriber.stop()
      return (transcriber.uiState, transcriber.inputStatistics, StackHarness.ledgerCounts())
    }
    #expect(state.committedText == Self.sentence)
    #expect(state.volatileText.isEmpty)
    #expect(state.phase == .idle)
    #expect(state.isMicrophoneOffered)
    #expect(ledger == [0, 0, 0], "open analyzer sessions, running engines, installed taps")
    #expect(statistics.buffersConverted > 50 && statistics.conversionFailures == 0, "\(statistics)")
    #expect(statistics.buffersConsumed == statistics.buffersConverted, "\(statistics)")
    // The analyzer never saw the microphone's format (the seeds' silent trap).
    #expect(
      !device.diagnostics.contains { $0.message.contains("Apple's analyzer produces no text") }, "\(device.diagnostics)"
    )
  }

  @Test func volatileTextIsReplacedNeverAppended() throws {
    let device = try StackHarness.device("quick-brown-fox-48k")
    let states = try StackHarness.run("volatile", on: device) {
      let (transcriber, recorder) = StackHarness.recordedTranscriber()
      await transcriber.start()
      try await StackHarness.wait(.seconds(6))
      await transcriber.stop()
      return recorder.states
    }
    let words = "the quick brown fox jumps over the lazy dog".split(separator: " ")
    let volatiles = states.map(\.volatileText).filter { !$0.isEmpty }
    #expect(volatiles.count >= 5, "the script grows its guess word by word: \(volatiles)")
    for volatile in volatiles {
      let guess = volatile.lowercased().split(separator: " ")
      #expect(
        Array(words.prefix(guess.count)) == guess,
        "each guess is the sentence so far, never the last guess plus more: \(volatile)")
    }
    for (earlier, later) in zip(states, states.dropFirst()) {
      #expect(later.committedText.hasPrefix(earlier.committedText), "committed text is append-only")
      if !later.committedText.isEmpty, let head = later.volatileText.split(separator: " ").first {
        #expect(
          !later.committedText.lowercased().hasSuffix(head.lowercased() + "."),
          "committed never repeats the head of volatile: \(later)")
      }
    }
    let finalState = try #require(states.last)
    #expect(finalState.committedText == Self.sentence)
    #expect(
      states.filter { $0.committedText == Self.sentence }.allSatisfy { $0.volatileText.isEmpty },
      "volatile is cleared by the final")
  }

  @Test func aMissingModelShowsPreparingWithIncreasingProgressThenListens() throws {
    let device = try StackHarness.device("hello-world", installed: false)
    let (phases, committed, status) = try StackHarness.run("download", on: device) {
      let (transcriber, recorder) = StackHarness.recordedTranscriber()
      await transcriber.start()
      try await StackHarness.wait(.seconds(3))
      await transcriber.stop()
      return (recorder.phases, transcriber.uiState.committedText, device.assets.status(of: "en-US"))
    }
    let progress = phases.compactMap { phase -> Double? in
      if case .preparing(let value) = phase { return value }
      return nil
    }
    #expect(progress.count >= 5, "\(phases)")
    #expect(
      progress == progress.sorted() && Set(progress).count == progress.count, "progress only increases: \(progress)")
    #expect(progress.last == 1)
    #expect(Array(phases.suffix(3)) == [.listening, .stopping, .idle], "\(phases)")
    #expect(status == .installed)
    #expect(committed == "Hello world.")
  }

  @Test func anUnsupportedLocaleIsUnavailableAndHidesTheMicrophone() throws {
    let device = try StackHarness.device("hello-world")
    let (afterRefresh, afterStart, sessions) = try StackHarness.run("unsupported locale", on: device) {
      let (transcriber, _) = StackHarness.recordedTranscriber(locale: Locale(identifier: "ko-KR"))
      await transcriber.refreshAvailability()
      let afterRefresh = transcriber.uiState
      await transcriber.start()
      return (afterRefresh, transcriber.uiState, Simulation.current!.ledger.count(of: .openAnalyzerSessions))
    }
    #expect(afterRefresh.phase == .unavailable(reason: "Transcription in ko-KR is not supported on this device."))
    #expect(!afterRefresh.isMicrophoneOffered)
    #expect(afterStart == afterRefresh, "start changes nothing where transcription cannot run")
    #expect(sessions == 0)
  }

  @Test func anUnavailableTranscriberHidesTheMicrophoneUnlessDictationIsTheFallback() throws {
    let device = try StackHarness.device("hello-world", transcriberAvailable: false)
    let (withoutFallback, withFallback) = try StackHarness.run("unavailable transcriber", on: device) {
      let plain = LiveTranscriber(locale: StackHarness.enUS, configuration: StackHarness.configuration())
      await plain.refreshAvailability()
      let fallback = LiveTranscriber(
        locale: StackHarness.enUS, configuration: StackHarness.configuration(dictation: true))
      await fallback.start()
      try await StackHarness.wait(.seconds(3))
      await fallback.stop()
      return (plain.uiState, fallback.uiState)
    }
    #expect(withoutFallback.phase == .unavailable(reason: "Speech transcription is not available on this device."))
    #expect(!withoutFallback.isMicrophoneOffered)
    #expect(withFallback.phase == .idle && withFallback.isMicrophoneOffered)
    #expect(withFallback.committedText == "Hello world.", "\(withFallback)")
  }

  @Test func aFirstOfflineRunFailsWithAMessageAndRetryWorksOnceTheNetworkIsBack() throws {
    let device = try StackHarness.device("hello-world", installed: false, online: false)
    let (failed, retried, phases) = try StackHarness.run("offline first run", on: device) {
      let (transcriber, recorder) = StackHarness.recordedTranscriber()
      await transcriber.start()
      let failed = transcriber.uiState
      await transcriber.retry()  // still offline: fails again, no crash
      device.networkAvailable = true
      await transcriber.retry()
      let retried = transcriber.uiState
      try await StackHarness.wait(.seconds(3))
      await transcriber.stop()
      return (failed, retried, recorder.phases)
    }
    guard case .failed(let message) = failed.phase else {
      Issue.record("expected a failure, got \(failed)")
      return
    }
    #expect(message.contains("en-US") && message.contains("network once") && message.contains("retry"), "\(message)")
    #expect(failed.isMicrophoneOffered, "the user can retry")
    #expect(retried.phase == .listening, "\(retried)")
    #expect(phases.filter(\.isFailed).count == 2, "\(phases)")
    #expect(phases.last == .idle)
    #expect(device.assets.status(of: "en-US") == .installed)
  }

  @Test func aDeniedPermissionFailsWithAClearMessage() throws {
    let device = try StackHarness.device(
      "hello-world", permission: .init(state: .undetermined, answersRequestWith: false))
    let (state, engines) = try StackHarness.run("permission denied", on: device) {
      let (transcriber, _) = StackHarness.recordedTranscriber()
      await transcriber.start()
      return (transcriber.uiState, Simulation.current!.ledger.count(of: .runningEngines))
    }
    #expect(
      state.phase
        == .failed(
          message:
            "Microphone access is denied, so nothing can be transcribed. Allow microphone access for this app in Settings, then start again."
        ))
    #expect(engines == 0)
  }
}

extension TranscriptionUIState.Phase {
  var isFailed: Bool {
    if case .failed = self { return true }
    return false
  }
}
