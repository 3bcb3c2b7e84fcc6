import AVFAudioTwin
import Simulation
import Testing

@testable import SimulatedDevice
@testable import SpeechReplay

/// The end of a listening stretch is excused when the recording visibly fails, whether it fails
/// while listening or while its stop finishes (the stop's own error shown, as a converter that
/// fails to give up its last milliseconds): the user sees that what the stack held is lost.
@Suite struct AudioCheckFailedStopTests {
  /// A run that listened to one tap buffer (reference samples 0..<4800), then showed `phases`.
  static func ends(after phases: [String]) -> [Int] {
    func event(_ sequence: Int, _ typed: some TypedTraceEvent) -> TraceEvent {
      TraceEvent(
        sequence: sequence, time: .milliseconds(100 * sequence), kind: type(of: typed).kind, fields: typed.fields)
    }
    func state(_ sequence: Int, _ phase: String) -> TraceEvent {
      event(sequence, UIStateEvent(phase: phase, microphoneOffered: true, committed: "", volatile: "", audio: .zero))
    }
    var deliveries = RecordLog<TapDelivery>()
    deliveries.append(
      TapDelivery(
        index: 0, virtualTime: 0.1, captureStart: 0, frames: 4800, sampleRate: 48_000, span: 0..<4800, traceSequence: 1)
    )
    let events =
      [state(0, "listening"), event(1, EngineBufferEvent(sampleTime: 0, frames: 4800))]
      + phases.enumerated().map { state($0.offset + 2, $0.element) }
    return AudioCheck.stretchEndsInFailure(deliveries, timeline: Timeline(events: events))
  }

  @Test func aStopThatFailsVisiblyEndsTheStretchAsAFailureWhileListeningDoes() {
    #expect(Self.ends(after: ["failed: the converter failed"]) == [4800], "listening → failed")
    #expect(Self.ends(after: ["stopping", "failed: the converter failed"]) == [4800], "listening → stopping → failed")
  }

  @Test func aStopThatEndsIdleOrAFailureAfterIdleExcusesNothing() {
    #expect(Self.ends(after: ["stopping", "idle"]).isEmpty)
    #expect(Self.ends(after: ["stopping", "idle", "failed: later"]).isEmpty)
    #expect(Self.ends(after: ["stopping", "idle", "stopping", "failed: later"]).isEmpty, "a stop without listening")
  }
}
