import Foundation
import LiveTranscription
import SimulatedDevice
import Simulation
import SpeechReplayTestSupport
import Testing

/// A start that a stop overtook while it asked for the model's installation request must not wait
/// for the download. Found by `speech-replay explore` (issue 31, seeds 12 and 21:
/// `Scenarios/repeated-failed-starts.yaml` with a first-launch prompt, a model download and a seeded
/// schedule): the overtaken start took the download's waiting slot from the next start, whose
/// continuation was dropped unresumed, so that start never returned and its progress poll slept on
/// forever (`run.timers`).
@Suite(.serialized) struct LiveTranscriberSupersededStartTests {
  /// Start/stop cycles of 100 ms while the first launch's permission prompt is up (answered at
  /// 300 ms, the instant of a stop) and the model is not installed, under forty seeded schedules:
  /// every start returns, the screen ends idle and no timer of the stack is left. Before the fix 3 of
  /// the first 12 schedules failed; with the check at the top of `download` alone, schedule 36 did
  /// (the stop came while the wait's closure was being entered).
  @Test(arguments: 1...40 as ClosedRange<UInt64>)
  func everyStartReturnsWhenAStopOvertakesItsModelRequest(schedule: UInt64) throws {
    let device = try StackHarness.device(
      "hello-world", installed: false,
      permission: .init(state: .undetermined, answersRequestWith: true, answersAfter: .milliseconds(300)))
    var configuration = TestSimulation.configuration("superseded start, schedule \(schedule)")
    configuration.schedule = .seeded(schedule)
    configuration.virtualTimeLimit = .seconds(60)
    let report = try Simulation.run(configuration) {
      try await SimulatedDevice.withDevice(device) { try await Self.cycles(5) }
    }
    #expect(report.outcome == .finished, "\(report.outcome)")
    #expect(report.value?.returnedStarts == 5, "every start returned: \(String(describing: report.value))")
    #expect(report.value?.phase == .idle, "\(String(describing: report.value))")
    #expect(report.scheduledTimers.isEmpty, "\(report.scheduledTimers)")
  }

  /// What the cycles left: how many starts returned and the phase at the end.
  struct Outcome: Sendable, CustomStringConvertible {
    var returnedStarts: Int
    var phase: TranscriptionUIState.Phase
    var description: String { "\(returnedStarts) starts returned, phase \(phase)" }
  }

  /// `count` cycles of a start, 100 ms, and a stop; then the starts are given 5 s to return.
  @MainActor private static func cycles(_ count: Int) async throws -> Outcome {
    let transcriber = LiveTranscriber(locale: StackHarness.enUS, configuration: StackHarness.configuration())
    let returned = Counter()
    for _ in 0..<count {
      Task {
        await transcriber.start()
        returned.value += 1
      }
      try await StackHarness.wait(.milliseconds(100))
      await transcriber.stop()
    }
    try await StackHarness.wait(.seconds(5))
    return Outcome(returnedStarts: returned.value, phase: transcriber.uiState.phase)
  }

  /// A count the main actor keeps.
  @MainActor private final class Counter {
    var value = 0
  }
}
