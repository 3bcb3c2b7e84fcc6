import Simulation
import SpeechReplay
import Testing

/// `ledger-baseline-after-stop` after a dismissal: what the dismissed screen still held is the
/// dismissal checks' to judge; what the reopened screen leaves open after its stop is a leak.
struct LedgerBaselineDismissalTests {
  typealias Events = InvariantEvidenceTests.Events

  /// A screen dismissed while listening, reopened, started and stopped in the same instant: the
  /// dismissed screen's analyzer session is still closing when the stop returns (found by
  /// exploring an app's stack, seed 12).
  static func dismissedWhileListening() -> Events {
    var events = Events()
    events.add(0, ScenarioStepEvent(step: "start", line: 1))
    events.add(0, ResourceAcquiredEvent(resource: .openAnalyzerSessions, label: "analyzer 1"))
    events.add(0, ResourceAcquiredEvent(resource: .runningEngines, label: "AVAudioEngine"))
    events.add(0, SubjectReturnedEvent(.start))
    events.state(0, "listening")
    events.add(1, ScenarioStepEvent(step: "dismiss", line: 2))
    events.add(1, ResourceReleasedEvent(resource: .runningEngines, label: "AVAudioEngine"))
    events.add(1, ScenarioStepEvent(step: "start", line: 3))
    events.state(1, "idle")
    events.add(1, ScenarioStepEvent(step: "stop", line: 4))
    events.add(1, SubjectReturnedEvent(.stop))
    events.add(1, SubjectReturnedEvent(.start))
    return events
  }

  @Test func whatTheDismissedScreenStillHeldIsNotTheReopenedScreensLeak() {
    let events = Self.dismissedWhileListening()
    #expect(events.checker.firstViolation(of: .ledgerBaselineAfterStop) == nil)
  }

  @Test func whatTheReopenedScreenOpensAndKeepsAfterItsStopIsStillALeak() throws {
    var events = Self.dismissedWhileListening()
    events.add(1, ResourceAcquiredEvent(resource: .installedTaps, label: "AVAudioInputNode bus 0"))
    events.state(1, "idle")
    let violation = try #require(events.checker.firstViolation(of: .ledgerBaselineAfterStop))
    #expect(violation.message.contains("installed taps 0 → 1"), "\(violation.message)")
    #expect(!violation.message.contains("open analyzer sessions"), "\(violation.message)")
  }
}
