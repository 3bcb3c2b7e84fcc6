import Foundation
import LiveTranscription
import SimulatedDevice
import Simulation
import Testing

/// Starting and stopping: finalizing at stop, repeated cycles, double start, stop before start,
/// stop during a download.
@Suite(.serialized) struct LiveTranscriberLifecycleTests {
  @Test func stoppingMidUtteranceKeepsTheLastWords() throws {
    let device = try StackHarness.device("quick-brown-fox-48k")
    let (before, after, phases) = try StackHarness.run("stop mid-utterance", on: device) {
      let (transcriber, recorder) = StackHarness.recordedTranscriber()
      await transcriber.start()
      try await StackHarness.wait(.seconds(2.65))  // "fox" ended at 2.10 s, "jumps" ends at 2.71 s; no final yet
      let before = transcriber.uiState
      await transcriber.stop()
      return (before, transcriber.uiState, recorder.phases)
    }
    #expect(
      before.committedText.isEmpty && before.volatileText.lowercased().hasPrefix("the quick brown fox"), "\(before)")
    #expect(
      after.committedText.lowercased().hasPrefix("the quick brown fox"),
      "finalize turns the last words into committed text: \(after)")
    #expect(
      after.committedText.count >= before.volatileText.count, "nothing the user saw is lost: \(before) → \(after)")
    #expect(after.volatileText.isEmpty)
    #expect(Array(phases.suffix(3)) == [.listening, .stopping, .idle], "\(phases)")
  }

  /// The stop comes right after the tap ending at 2.3 s, the model's tick for "fox": the last
  /// milliseconds before it are still inside the converter's filter (libsoxr's look-ahead), and
  /// only the drain at the stop gets them to the analyzer.
  @Test(arguments: [false, true]) func stoppingDrainsTheConvertersTail(neverDrains: Bool) throws {
    let device = try StackHarness.device("quick-brown-fox-48k")
    let (state, statistics) = try StackHarness.run("stop drains the converter", on: device) {
      var configuration = StackHarness.configuration()
      if neverDrains { configuration.faults = [.neverDrainsConverter] }
      let transcriber = LiveTranscriber(locale: StackHarness.enUS, configuration: configuration)
      await transcriber.start()
      try await StackHarness.wait(.seconds(2.35))
      await transcriber.stop()
      return (transcriber.uiState, transcriber.inputStatistics)
    }
    #expect(state.committedText == (neverDrains ? "The quick brown." : "The quick brown fox."), "\(state)")
    #expect(statistics.converterTails == (neverDrains ? 0 : 1), "\(statistics)")
    #expect(statistics.buffersDelivered + statistics.converterTails == statistics.buffersConverted, "\(statistics)")
  }

  @Test func twentyStartStopCyclesLeaveTheLedgerAtItsBaseline() throws {
    let device = try StackHarness.device("quick-brown-fox-48k")
    let (baseline, during, after, analyzers) = try StackHarness.run("20 cycles", on: device) {
      let transcriber = LiveTranscriber(locale: StackHarness.enUS, configuration: StackHarness.configuration())
      let baseline = StackHarness.ledgerCounts()
      var during: [[Int]] = []
      for _ in 0..<20 {
        await transcriber.start()
        try await StackHarness.wait(.milliseconds(500))
        during.append(StackHarness.ledgerCounts())
        await transcriber.stop()
      }
      return (baseline, during, StackHarness.ledgerCounts(), device.analyzersRunning)
    }
    #expect(baseline == [0, 0, 0])
    #expect(during.allSatisfy { $0 == [1, 1, 1] }, "one session, engine and tap while listening: \(during)")
    #expect(after == baseline, "open analyzer sessions, running engines, installed taps after 20 cycles")
    #expect(analyzers == 0)
  }

  @Test func aSecondStartIsIgnored() throws {
    let device = try StackHarness.device("hello-world", installed: false)
    let (counts, phases, committed) = try StackHarness.run("double start", on: device) {
      let (transcriber, recorder) = StackHarness.recordedTranscriber()
      // The second start arrives while the first is downloading the model, the third while listening.
      async let first: Void = transcriber.start()
      async let second: Void = transcriber.start()
      _ = await (first, second)
      await transcriber.start()
      let counts = StackHarness.ledgerCounts()
      try await StackHarness.wait(.seconds(3))
      await transcriber.stop()
      return (counts, recorder.phases, transcriber.uiState.committedText)
    }
    #expect(counts == [1, 1, 1], "one analyzer session, engine and tap")
    #expect(phases.filter { $0 == .listening }.count == 1, "\(phases)")
    #expect(committed == "Hello world.")
  }

  @Test func stopBeforeStartIsANoOp() throws {
    let device = try StackHarness.device("hello-world")
    let (states, state) = try StackHarness.run("stop before start", on: device) {
      let (transcriber, recorder) = StackHarness.recordedTranscriber()
      await transcriber.stop()
      return (recorder.states, transcriber.uiState)
    }
    #expect(states.isEmpty)
    #expect(state == TranscriptionUIState())
  }

  @Test func stoppingDuringADownloadReturnsToIdleAndAStartAfterwardsListens() throws {
    let device = try StackHarness.device("hello-world", installed: false)
    let (stoppedAt, stopped, restarted, committed) = try StackHarness.run("stop during download", on: device) {
      let transcriber = LiveTranscriber(locale: StackHarness.enUS, configuration: StackHarness.configuration())
      let starting = Task { await transcriber.start() }
      try await StackHarness.wait(.seconds(1))
      let stopBegan = Simulation.current!.now
      await transcriber.stop()
      let stoppedAt = Simulation.current!.now - stopBegan
      let stopped = transcriber.uiState.phase
      await starting.value
      await transcriber.start()
      let restarted = transcriber.uiState.phase
      try await StackHarness.wait(.seconds(3))
      await transcriber.stop()
      return (stoppedAt, stopped, restarted, transcriber.uiState.committedText)
    }
    #expect(stoppedAt == .zero, "stop does not wait for the download")
    #expect(stopped == .idle)
    #expect(restarted == .listening)
    #expect(committed == "Hello world.")
  }
}
