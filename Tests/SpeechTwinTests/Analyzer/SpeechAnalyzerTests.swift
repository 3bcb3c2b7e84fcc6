import AVFAudioTwin
import CoreMediaTwin
import Foundation
import SimulatedDevice
import Simulation
import SpeechReplayTestSupport
import SpeechTwin
import Testing

/// The analyzer's lifecycle and result rules (speech-api.md §1.3–1.4, §2) on the simulated device.
@Suite(.serialized) struct SpeechAnalyzerTests {
  let locale = Locale(identifier: "en-US")

  @Test func publishesTheScriptInOrderAndEndsOnlyWhenFinished() throws {
    let (value, device, report) = try AnalyzerHarness.run("happy path") { _ in
      let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let collector = ResultCollector()
      let reading = collector.collect(transcriber)
      let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()
      try await analyzer.start(inputSequence: stream)
      let clock = Simulation.current!.clock
      for _ in 0..<20 {  // 2 s in 100 ms buffers, at real-time pace
        input.yield(AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600)))
        try await clock.sleep(for: .milliseconds(100))
      }
      input.finish()
      try await clock.sleep(for: .seconds(5))
      let endedBeforeFinishing = await collector.ended
      let openSessions = Simulation.current!.ledger.count(of: .openAnalyzerSessions)
      try await analyzer.finalizeAndFinishThroughEndOfInput()
      await reading.value
      return (
        endedBeforeFinishing, openSessions, await collector.results, await collector.ended, await analyzer.volatileRange
      )
    }
    #expect(value.0 == false, "ending the input sequence does not end the results")
    #expect(value.1 == 1, "the session stays open until a finish method runs")
    #expect(
      value.2 == [
        "volatile [0.000–0.400) \"the\"", "volatile [0.000–0.800) \"the quick\"",
        "volatile [0.000–1.200) \"the quick brown\"",
        "final [0.000–1.600) \"The quick brown fox.\"",
      ])
    #expect(value.3 == true)
    #expect(
      value.4 == CMTimeRange(start: CMTime(value: 2, timescale: 1), end: CMTime(value: 2, timescale: 1)),
      "nothing volatile after finishing")
    // The one thing a developer cannot see on a device: the ended input left the session open.
    #expect(
      device.diagnostics.map(\.message).map { $0.hasPrefix("the input sequence ended but the session stays open") } == [
        true
      ])
    #expect(report.ledgerAtEnd.resources["open analyzer sessions", default: 0] == 0)
    #expect(device.analyzersRunning == 0)
  }

  @Test func isFinalFollowsTheFinalizationTime() throws {
    let (results, _, _) = try AnalyzerHarness.run("isFinal") { _ in
      let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let inputs = (0..<20).map { _ in AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600)) }
      let reading = Task {
        var collected: [SpeechTranscriber.Result] = []
        for try await result in transcriber.results { collected.append(result) }
        return collected
      }
      let last = try await analyzer.analyzeSequence(inputs.async)
      try await analyzer.finalizeAndFinish(through: try #require(last))
      return try await reading.value.map {
        ($0.isFinal, $0.resultsFinalizationTime >= $0.range.end, String($0.text.characters))
      }
    }
    #expect(results.count == 4)
    for (isFinal, rule, _) in results { #expect(isFinal == rule) }
    #expect(results.map(\.0) == [false, false, false, true])
  }

  @Test func wrongFormatGivesNoResultsNoErrorAndADiagnostic() throws {
    let (value, device, _) = try AnalyzerHarness.run("wrong format") { _ in
      let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let collector = ResultCollector()
      let reading = collector.collect(transcriber)
      let inputs = (0..<20).map { _ in
        AnalyzerInput(buffer: AnalyzerHarness.buffer(AnalyzerHarness.microphoneFormat, frames: 4800))
      }
      let last = try await analyzer.analyzeSequence(inputs.async)
      try await analyzer.finalizeAndFinish(through: try #require(last))
      await reading.value
      return (await collector.results, await collector.error == nil, last)
    }
    #expect(value.0.isEmpty)
    #expect(value.1, "no error either")
    #expect(value.2 == CMTime(value: 96_000, timescale: 48_000), "the audio still moved the timeline")
    #expect(device.diagnostics.count == 1)
    #expect(device.diagnostics.first?.message.contains("48000 Hz mono Float32") == true)
    #expect(device.diagnostics.first?.message.contains("produces no text") == true)
  }

  @Test func finalizePublishesThePendingVolatileAsFinalBeforeReturning() throws {
    let (value, _, report) = try AnalyzerHarness.run("finalize") { _ in
      let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()
      try await analyzer.start(inputSequence: stream)
      for _ in 0..<13 { input.yield(AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600))) }  // 1.3 s
      try await analyzer.finalize(through: CMTime(value: 13, timescale: 10))
      // finalize returned, so the final is already published: it is in the stream's buffer.
      var afterFinalize: String?
      for try await result in transcriber.results where result.isFinal {
        afterFinalize = result.description
        break
      }
      let range = await analyzer.volatileRange
      await analyzer.cancelAndFinishNow()
      return (afterFinalize, range)
    }
    #expect(value.0 == "final [0.000–1.300) \"The quick brown.\"")
    #expect(value.1?.start == CMTime(value: 13, timescale: 10), "the volatile range starts after the finalized time")
    // Published before finalize returned: the trace has the final result before the finalize event.
    let published = report.trace.firstIndex { $0.kind == "analyzer.result" && $0["final"] == "true" }
    let finalized = report.trace.firstIndex { $0.kind == "analyzer.finalize" }
    #expect(published != nil && finalized != nil && published! < finalized!)
  }

  @Test func anErrorReachesEveryWaiterAndEveryStream() throws {
    let script = ModelScript(
      entries: [.volatile("the", at: .seconds(0.4))],
      faults: [.error(at: .seconds(0.5), failure: ModelFailure(code: 6, message: "model crashed"))])
    let (value, device, _) = try AnalyzerHarness.run("error", script: script) { _ in
      let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let collector = ResultCollector()
      let reading = collector.collect(transcriber)
      let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()
      try await analyzer.start(inputSequence: stream)
      let waiter = Task { () -> String in
        do {
          try await analyzer.finalize(through: CMTime(value: 60, timescale: 1))
          return "returned"
        } catch { return String(describing: error) }
      }
      for _ in 0..<10 { input.yield(AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600))) }
      await reading.value
      let waiterOutcome = await waiter.value
      let streamError = await collector.error.map { String(describing: $0) }
      input.finish()
      return (await collector.results, streamError, waiterOutcome)
    }
    #expect(value.0 == ["volatile [0.000–0.400) \"the\""])
    #expect(value.1 == "SFSpeechErrorDomain Code=6 \"model crashed\"")
    #expect(value.2 == "SFSpeechErrorDomain Code=6 \"model crashed\"")
    #expect(device.diagnostics.contains { $0.message.contains("model crashed") })
  }

  @Test func nothingIsPublishedAfterFinish() throws {
    let script = ModelScript(entries: [.final("late words", at: .seconds(0.5))], latency: .seconds(2))
    let (value, _, _) = try AnalyzerHarness.run("nothing after finish", script: script) { _ in
      let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let collector = ResultCollector()
      let reading = collector.collect(transcriber)
      let inputs = (0..<10).map { _ in AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600)) }
      _ = try await analyzer.analyzeSequence(inputs.async)
      try await analyzer.finish(after: CMTime(value: 1, timescale: 1))
      try await Simulation.current!.clock.sleep(for: .seconds(5))
      await reading.value
      return await collector.results
    }
    #expect(value.isEmpty, "the final was due 2 s after its audio, but the session finished first")
  }

  @Test func stateTableOfACallsAfterFinish() throws {
    let (value, device, _) = try AnalyzerHarness.run("after finish") { _ in
      let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let beforeInput = await analyzer.volatileRange
      try await analyzer.finalize(through: nil)  // idle: nothing consumed, nothing to do
      await analyzer.cancelAndFinishNow()  // works even before any input
      let (stream, _) = AsyncStream<AnalyzerInput>.makeStream()
      try await analyzer.start(inputSequence: stream)  // ignored
      let analyzed = try await analyzer.analyzeSequence(
        [AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600))].async)
      try await analyzer.setModules([])  // refused
      try await analyzer.finalizeAndFinishThroughEndOfInput()  // returns
      var finalizeError: (any Error)?
      do { try await analyzer.finalize(through: CMTime(value: 5, timescale: 1)) } catch { finalizeError = error }
      var endedEmpty = true
      for try await _ in transcriber.results { endedEmpty = false }
      return (
        beforeInput == nil, analyzed == nil, finalizeError is CancellationError, endedEmpty,
        await analyzer.modules.count
      )
    }
    #expect(value.0, "volatileRange is nil before any input")
    #expect(value.1, "analyzeSequence after finish reads nothing")
    #expect(value.2, "finalize(through:) past the consumed audio throws CancellationError once finished")
    #expect(value.3, "the results stream ended")
    #expect(value.4 == 1, "setModules after finish is refused")
    #expect(device.diagnostics.count == 3, "\(device.diagnostics)")
  }

  @Test func audioThatGoesBackwardsIsDisordered() throws {
    let (value, _, _) = try AnalyzerHarness.run("disordered") { _ in
      let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let inputs = [
        AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600)),
        AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600), bufferStartTime: CMTime(value: 1, timescale: 20)),
      ]
      do {
        _ = try await analyzer.analyzeSequence(inputs.async)
        return "no error"
      } catch { return String(describing: error) }
    }
    #expect(value == "SFSpeechErrorDomain Code=17 \"Audio input is out of order\"")
  }

  @Test func skippedAudioMovesTheTimelineForward() throws {
    let (value, _, _) = try AnalyzerHarness.run("skip") { _ in
      let analyzer = SpeechAnalyzer(modules: [
        SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .transcription)
      ])
      let inputs = [
        AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600)),
        AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600), bufferStartTime: CMTime(value: 1, timescale: 1)),
        AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600)),
      ]
      let last = try await analyzer.analyzeSequence(inputs.async)
      await analyzer.cancelAndFinishNow()
      return last
    }
    #expect(value == CMTime(value: 12, timescale: 10))
  }

  @Test func missingModelFailsWithTheMisleadingFormatError() throws {
    let configuration = SimulatedDevice.Configuration(assets: .init(installedLocales: [], reservedLocales: []))
    let (value, device, _) = try AnalyzerHarness.run("missing model", configuration: configuration) { _ in
      let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
      let best = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber])
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      do {
        _ = try await analyzer.analyzeSequence([AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600))].async)
        return (best == nil, "no error")
      } catch { return (best == nil, String(describing: error)) }
    }
    #expect(value.0, "bestAvailableAudioFormat is nil until the asset is installed")
    #expect(value.1 == "SFSpeechErrorDomain Code=3 \"Audio format is not supported\"")
    #expect(device.diagnostics.contains { $0.message.contains("not installed") })
    // The early question itself is named (an app's first-release bug: format asked before install).
    #expect(
      device.diagnostics.contains {
        $0.message.hasPrefix(
          "bestAvailableAudioFormat(compatibleWith:) returned nil: the en-US model is not installed yet")
      }, "\(device.diagnostics.map(\.message))")
  }

  @Test func bestFormatIs16kMonoInt16OnceInstalled() throws {
    let (value, _, _) = try AnalyzerHarness.run("best format") { _ in
      await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [
        SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .transcription)
      ])
    }
    #expect(value == AnalyzerHarness.analyzerFormat)
  }

  @Test func unfinishedAnalyzersExhaustTheDevicesSlots() throws {
    let configuration = SimulatedDevice.Configuration(maximumSimultaneousAnalyzers: 2)
    let (value, device, _) = try AnalyzerHarness.run("slots", configuration: configuration) { _ in
      var analyzers: [SpeechAnalyzer] = []
      var outcomes: [String] = []
      for _ in 0..<3 {
        let analyzer = SpeechAnalyzer(modules: [
          SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .transcription)
        ])
        analyzers.append(analyzer)
        let (stream, _) = AsyncStream<AnalyzerInput>.makeStream()
        do {
          try await analyzer.start(inputSequence: stream)
          outcomes.append("started")
        } catch { outcomes.append(String(describing: error)) }
      }
      for analyzer in analyzers { await analyzer.cancelAndFinishNow() }
      return outcomes
    }
    #expect(
      value == [
        "started", "started", "SFSpeechErrorDomain Code=16 \"Maximum number of simultaneous requests reached\"",
      ])
    #expect(device.analyzersRunning == 0)
  }

  @Test func finalizeThroughEndOfInputWaitsForeverOnAnOpenInput() throws {
    let device = SimulatedDevice(model: ScriptedModelBackend(script: AnalyzerHarness.foxScript))
    let report = try Simulation.run(TestSimulation.configuration("never-ending input")) {
      await SimulatedDevice.withDevice(device) {
        let analyzer = SpeechAnalyzer(modules: [
          SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .transcription)
        ])
        let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()
        try? await analyzer.start(inputSequence: stream)
        input.yield(AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600)))
        try? await analyzer.finalizeAndFinishThroughEndOfInput()  // the input is never finished
        withExtendedLifetime(input) {}
      }
    }
    guard case .deadlock(let deadlock) = report.outcome else {
      Issue.record("expected a deadlock, got \(report.outcome)")
      return
    }
    #expect(deadlock.description.contains("the input sequence to end"), "\(deadlock)")
  }
}

extension Array where Element: Sendable {
  /// The elements as an async sequence (for `analyzeSequence`).
  var async: AsyncStream<Element> {
    AsyncStream { continuation in
      for element in self { continuation.yield(element) }
      continuation.finish()
    }
  }
}
