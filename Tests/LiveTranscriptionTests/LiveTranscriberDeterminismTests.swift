import Foundation
import LiveTranscription
import SimulatedDevice
import Simulation
import SpeechReplayTestSupport
import Testing

/// The stack keeps all its asynchrony inside Swift concurrency, so the simulation captures it:
/// no escapes, and the same run gives the same trace.
@Suite(.serialized) struct LiveTranscriberDeterminismTests {
  @Test func aSessionWithARouteChangeAndAnInterruptionRunsTheSameTwice() throws {
    func once() throws -> (String, [Simulation.Escape], String, [TraceEvent]) {
      let device = try StackHarness.device("quick-brown-fox-48k", installed: false)
      let report = try Simulation.run(TestSimulation.configuration("determinism", seed: 7)) {
        try await SimulatedDevice.withDevice(device) { @MainActor in
          let transcriber = LiveTranscriber(locale: StackHarness.enUS, configuration: StackHarness.configuration())
          await transcriber.start()
          try await StackHarness.wait(.seconds(1))
          try device.microphone.changeRoute(sampleRate: 16_000, channelCount: 1)
          try await StackHarness.wait(.seconds(1))
          device.microphone.beginInterruption()
          device.microphone.endInterruption(shouldResume: true)
          try await StackHarness.wait(.seconds(5))
          await transcriber.stop()
          return transcriber.uiState.description
        }
      }
      return (report.traceHash, report.escapes, try report.get(), Array(report.trace))
    }
    let first = try once()
    let second = try once()
    #expect(first.1.isEmpty, "no work escaped the simulation: \(first.1)")
    #expect(first.0 == second.0, "same trace hash in one process")
    let (a, b) = (first.3.map(\.canonicalLine), second.3.map(\.canonicalLine))
    #expect(
      a.count > 100 && a == b,
      "same trace; first difference at \(String(describing: zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }))"
    )
    #expect(first.2 == second.2)
    #expect(first.2.hasPrefix("phase: idle\ncommitted: \"The quick brown fox jumps over the lazy dog.\""), "\(first.2)")
  }
}
