import Foundation
import LiveTranscription
import SimulatedDevice
import Simulation
import Testing

/// The audio path: route changes, interruptions and the bounded input under a slow model.
@Suite(.serialized) struct LiveTranscriberAudioTests {
  static let sentence = "The quick brown fox jumps over the lazy dog."

  @Test func aRouteChangeFrom48To16kHzMidSessionKeepsTranscribing() throws {
    let device = try StackHarness.device("quick-brown-fox-48k")
    let (state, statistics, counts) = try StackHarness.run("route change", on: device) {
      let (transcriber, _) = StackHarness.recordedTranscriber()
      await transcriber.start()
      try await StackHarness.wait(.seconds(1.5))
      try device.microphone.changeRoute(sampleRate: 16_000, channelCount: 1)
      try await StackHarness.wait(.seconds(5))
      let counts = StackHarness.ledgerCounts()
      await transcriber.stop()
      return (transcriber.uiState, transcriber.inputStatistics, counts)
    }
    #expect(counts == [1, 1, 1], "the engine runs again with one tap after the change")
    #expect(state.committedText == Self.sentence, "\(state)")
    #expect(statistics.conversionFailures == 0, "\(statistics)")
    #expect(device.microphone.hardwareFormat.sampleRate == 16_000)
    #expect(
      !device.diagnostics.contains { $0.message.contains("Apple's analyzer produces no text") }, "\(device.diagnostics)"
    )
  }

  @Test func anInterruptionPausesAndResumesWhenTheSystemSaysSo() throws {
    let device = try StackHarness.device("quick-brown-fox-48k")
    let (during, state) = try StackHarness.run("interruption", on: device) {
      let (transcriber, _) = StackHarness.recordedTranscriber()
      await transcriber.start()
      try await StackHarness.wait(.seconds(1))
      device.microphone.beginInterruption()
      try await StackHarness.wait(.seconds(2))
      let during = (transcriber.uiState.phase, Simulation.current!.ledger.count(of: .runningEngines))
      device.microphone.endInterruption(shouldResume: true)
      try await StackHarness.wait(.seconds(6))
      await transcriber.stop()
      return (during, transcriber.uiState)
    }
    #expect(during.0 == .listening && during.1 == 0, "the engine is stopped during the interruption: \(during)")
    #expect(state.committedText == Self.sentence, "the rest of the sentence after resuming: \(state)")
    #expect(state.phase == .idle)
  }

  @Test func anInterruptionThatShouldNotResumeStopsAndKeepsTheText() throws {
    let device = try StackHarness.device("quick-brown-fox-48k")
    let (state, counts) = try StackHarness.run("interruption without resume", on: device) {
      let (transcriber, _) = StackHarness.recordedTranscriber()
      await transcriber.start()
      try await StackHarness.wait(.seconds(2.4))
      device.microphone.beginInterruption()
      try await StackHarness.wait(.seconds(1))
      device.microphone.endInterruption(shouldResume: false)
      try await StackHarness.wait(.seconds(1))
      return (transcriber.uiState, StackHarness.ledgerCounts())
    }
    #expect(state.phase == .idle)
    // Stopping finalizes everything heard before the interruption at 2.4 s: "fox" is recognised at
    // the 2.3 s tick, whose last milliseconds are still inside the converter's filter when the
    // engine stops; the stop drains the converter, so they reach the analyzer.
    #expect(state.committedText == "The quick brown fox.", "\(state)")
    #expect(counts == [0, 0, 0])
  }

  @Test func aSlowModelWithBoundedInputNeverQueuesMoreThanTheLimit() throws {
    let device = try StackHarness.device("quick-brown-fox-48k", latency: .seconds(3))
    let (state, statistics) = try StackHarness.run("slow model", on: device) {
      let (transcriber, _) = StackHarness.recordedTranscriber(
        configuration: StackHarness.configuration(inputLimit: .buffers(3)))
      await transcriber.start()
      try await StackHarness.wait(.seconds(6))
      await transcriber.stop()
      return (transcriber.uiState, transcriber.inputStatistics)
    }
    #expect(statistics.limit == 3)
    #expect(statistics.peakQueued >= 1 && statistics.peakQueued <= 3, "\(statistics)")
    #expect(
      statistics.buffersDelivered + statistics.converterTails == statistics.buffersConverted
        + statistics.conversionFailures, "\(statistics)")
    #expect(statistics.queued == 0, "everything converted was consumed, dropped or refused at the end: \(statistics)")
    #expect(state.committedText == Self.sentence, "late results still arrive before stop returns: \(state)")
  }
}
