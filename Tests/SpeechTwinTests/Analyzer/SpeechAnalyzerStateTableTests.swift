import AVFAudioTwin
import CoreMediaTwin
import Foundation
import SimulatedDevice
import Simulation
import SpeechTwin
import Testing

/// The rows of speech-api.md §1.4's state table not covered by SpeechAnalyzerTests: what each call
/// does while running, after the input ended, and before any input.
@Suite(.serialized) struct SpeechAnalyzerStateTableTests {
  static func tenth() -> AnalyzerInput { AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600)) }
  static func transcriber() -> SpeechTranscriber {
    SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
  }

  @Test func startWhileRunningReplacesTheInput() throws {
    let (end, _, _) = try AnalyzerHarness.run("start replaces") { _ in
      let analyzer = SpeechAnalyzer(modules: [Self.transcriber()])
      let (first, firstInput) = AsyncStream<AnalyzerInput>.makeStream()
      try await analyzer.start(inputSequence: first)
      for _ in 0..<5 { firstInput.yield(Self.tenth()) }
      try await analyzer.finalize(through: CMTime(value: 5, timescale: 10))  // the first input is read
      let (second, secondInput) = AsyncStream<AnalyzerInput>.makeStream()
      try await analyzer.start(inputSequence: second)
      for _ in 0..<5 { firstInput.yield(Self.tenth()) }  // no longer read
      for _ in 0..<5 { secondInput.yield(Self.tenth()) }
      secondInput.finish()
      try await analyzer.finalizeAndFinishThroughEndOfInput()
      return await analyzer.volatileRange?.end
    }
    #expect(end == CMTime(value: 10, timescale: 10), "5 buffers from each input, none of the first input's later ones")
  }

  @Test func afterTheInputEndedANewInputContinuesTheTimeline() throws {
    let (end, _, _) = try AnalyzerHarness.run("new input after end") { _ in
      let analyzer = SpeechAnalyzer(modules: [Self.transcriber()])
      _ = try await analyzer.analyzeSequence([Self.tenth(), Self.tenth()].async)  // ends; the session stays open
      let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()
      try await analyzer.start(inputSequence: stream)
      input.yield(Self.tenth())
      input.finish()
      try await analyzer.finalizeAndFinishThroughEndOfInput()
      return await analyzer.volatileRange?.end
    }
    #expect(end == CMTime(value: 3, timescale: 10))
  }

  @Test func finalizeAndFinishThroughEndOfInputBeforeAnyInputWaitsForOneToEnd() throws {
    let (order, _, _) = try AnalyzerHarness.run("idle end-of-input") { _ in
      let analyzer = SpeechAnalyzer(modules: [Self.transcriber()])
      let log = OrderLog()
      let waiter = Task {
        try await analyzer.finalizeAndFinishThroughEndOfInput()
        await log.add("finished")
      }
      try await Simulation.current!.clock.sleep(for: .seconds(1))
      await log.add("attaching")
      let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()
      try await analyzer.start(inputSequence: stream)
      input.yield(Self.tenth())
      await log.add("ending input")
      input.finish()
      try await waiter.value
      return await log.entries
    }
    #expect(order == ["attaching", "ending input", "finished"])
  }

  @Test func finishAfterWaitsForItsTimeThenEndsTheResults() throws {
    let (value, _, _) = try AnalyzerHarness.run("finish after") { _ in
      let transcriber = Self.transcriber()
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let collector = ResultCollector()
      let reading = collector.collect(transcriber)
      let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()
      try await analyzer.start(inputSequence: stream)
      let finishing = Task { try await analyzer.finish(after: CMTime(value: 5, timescale: 10)) }
      for _ in 0..<3 { input.yield(Self.tenth()) }
      try await Simulation.current!.clock.sleep(for: .seconds(1))
      let endedEarly = await collector.ended
      for _ in 0..<3 { input.yield(Self.tenth()) }
      try await finishing.value
      await reading.value
      let lastRange = await analyzer.volatileRange
      return (endedEarly, await collector.ended, lastRange)
    }
    #expect(value.0 == false, "finish(after:) waits until its time is consumed")
    #expect(value.1 == true)
    #expect(value.2 != nil, "volatileRange keeps its last value after finishing")
  }

  @Test func aModuleAddedWhileRunningSeesOnlyLaterAudio() throws {
    let (value, _, _) = try AnalyzerHarness.run("setModules while running") { _ in
      let first = Self.transcriber()
      let second = Self.transcriber()
      let analyzer = SpeechAnalyzer(modules: [first])
      let secondResults = Task { () -> [String] in
        var lines: [String] = []
        for try await result in second.results { lines.append(result.description) }
        return lines
      }
      let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()
      try await analyzer.start(inputSequence: stream)
      for _ in 0..<10 { input.yield(Self.tenth()) }  // 1.0 s: "the", "the quick" are said
      try await analyzer.finalize(through: CMTime(value: 10, timescale: 10))
      try await analyzer.setModules([first, second])
      for _ in 0..<10 { input.yield(Self.tenth()) }  // to 2.0 s: "the quick brown", the final
      input.finish()
      try await analyzer.finalizeAndFinishThroughEndOfInput()
      return (try await secondResults.value, await analyzer.modules.count)
    }
    #expect(value.1 == 2)
    #expect(value.0.allSatisfy { !$0.contains("\"the\"") && !$0.contains("\"the quick\"") }, "\(value.0)")
    #expect(value.0.last?.contains("The quick brown fox.") == true, "\(value.0)")
  }

  @Test func cancelAndFinishNowWhileRunningDropsPendingResults() throws {
    let script = ModelScript(entries: [.volatile("soon", at: .seconds(0.2))], latency: .seconds(5))
    let (value, device, _) = try AnalyzerHarness.run("cancel while running", script: script) { _ in
      let transcriber = Self.transcriber()
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let collector = ResultCollector()
      let reading = collector.collect(transcriber)
      let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()
      try await analyzer.start(inputSequence: stream)
      for _ in 0..<5 { input.yield(Self.tenth()) }
      try await Simulation.current!.clock.sleep(for: .seconds(1))
      await analyzer.cancelAndFinishNow()
      await reading.value
      input.finish()
      return await collector.results
    }
    #expect(value.isEmpty, "the result due at 5.2 s was dropped")
    #expect(device.analyzersRunning == 0)
  }
}

/// Records the order of events across tasks.
actor OrderLog {
  private(set) var entries: [String] = []
  func add(_ entry: String) { entries.append(entry) }
}

/// Timing-aware runs: a model slower than real time makes an unbounded input back up.
@Suite(.serialized) struct SpeechAnalyzerComputeCostTests {
  @Test func aSlowModelFallsBehindAndTheBacklogIsDiagnosed() throws {
    let configuration = SimulatedDevice.Configuration(modelComputeCost: 2)
    let (consumed, device, _) = try AnalyzerHarness.run("slow model", configuration: configuration) { _ in
      let analyzer = SpeechAnalyzer(modules: [
        SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
      ])
      let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()  // unbounded, as in the seeds
      try await analyzer.start(inputSequence: stream)
      let clock = Simulation.current!.clock
      for _ in 0..<50 {  // 5 s of audio at real-time pace
        input.yield(AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600)))
        try await clock.sleep(for: .milliseconds(100))
      }
      let consumed = await analyzer.volatileRange?.end.seconds
      await analyzer.cancelAndFinishNow()
      input.finish()
      return consumed
    }
    // At 2× real time only about half of the 5 s has been analysed when the app has given it all.
    #expect(consumed.map { $0 > 2.2 && $0 < 2.8 } == true, "\(String(describing: consumed))")
    #expect(device.diagnostics.contains { $0.message.contains("grows without limit") })
  }
}
