import Foundation
import ReferenceSubjects
import Simulation
import SpeechReplayTestSupport
import Testing

@testable import SpeechReplay

/// `endState.continuation` judges what is still waiting once the stop's effects have settled.
@Suite struct EndStateContinuationTests {
  /// Found by `speech-replay explore` (issue 31, seed 89): a call that ends without `.shouldResume`
  /// makes the reference stack stop by itself; the user's stop (and start) tapped in the same instant, while
  /// it is stopping, return at once, while the stack's `finalizeAndFinishThroughEndOfInput()`
  /// still waits for the analyzer to read the rest of the input — and then resumes. It was judged
  /// at that tap's return, so a wait that ends a moment later was reported as left behind.
  @Test func aStopTappedWhileTheStackStopsByItselfLeavesNoContinuation() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      name: the user taps stop as the call that ended the session ends
      audio: audio/quick-brown-fox-48k.wav
      model:
        profile: legacy
        transcript: audio/quick-brown-fox-48k.words.tsv
      steps:
      - start
      - play: 2.4s
      - interrupt: { duration: 1s, shouldResume: false }
      - stop
      - start
      - wait: 1s

      """)
    let run = ScenarioRunner(subject: .reference).replay(fileAt: path, seed: nil)
    #expect(run.finalState?.phase == .idle, "\(String(describing: run.finalState))")
    #expect(run.finalState?.committed.isEmpty == false, "the words before the call are kept")
    #expect(
      !run.result.failures.contains { $0.check == CheckID(.endState, "continuation") },
      "\(run.result.failures.map(\.message))")
  }

  /// Found by `speech-replay explore` (issue 31, seed 21; `dismissReopen` on a refused
  /// reactivation): the stack ends the session by itself and finalizes with a model 2.42 times
  /// slower than real time; the screen is dismissed and reopened in that instant, and the run ends
  /// 10 ms later. The dismissed stack's `finalizeAndFinishThroughEndOfInput()` still waits for its
  /// analyzer to read the queue — as Apple's would: a pending call holds the analyzer, so it is not
  /// released and finishes once the model has caught up. A wait whose analyzer still has work
  /// scheduled is in flight, not left behind.
  @Test func aWaitOfADismissedStackStillFinalizingIsNotLeftBehind() throws {
    let run = ScenarioRunner(subject: .reference).replay(fileAt: try Self.dismissedWhileFinalizing(), seed: 740484)
    #expect(run.finalState?.phase == .idle, "\(String(describing: run.finalState))")
    #expect(
      !run.result.failures.contains { $0.check.family == .endState }, "\(run.result.failures.map(\.message))")
  }

  /// The same run given time: the dismissed stack's wait ends by itself and nothing is left, so the
  /// wait above was in flight, not stuck.
  @Test func theDismissedStacksWaitEndsOnceTheModelCatchesUp() throws {
    let path = try Self.dismissedWhileFinalizing(then: "- {wait: 10s}\n")
    let run = ScenarioRunner(subject: .reference).replay(fileAt: path, seed: 740484)
    #expect(run.result.failures.isEmpty, "\(run.result.failures.map(\.message))")
  }

  /// A wait is in flight only while the twin its label names still has a timer armed: one whose
  /// analyzer has nothing armed (an input the stack never ends, another analyzer reading) is left behind.
  @Test func aWaitIsInFlightOnlyWhileItsOwnerHasATimerArmed() {
    let label = "analyzer 1: the input sequence to end (finalizeAndFinishThroughEndOfInput)"
    func timer(_ owner: String?) -> Simulation.ScheduledTimer {
      Simulation.ScheduledTimer(kind: .virtualClockSleep, owner: owner, armedAt: .zero, deadline: .seconds(1))
    }
    #expect(EndStateCheck.isInFlight(label, working: [timer("analyzer 1")]))
    #expect(!EndStateCheck.isInFlight(label, working: []))
    #expect(!EndStateCheck.isInFlight(label, working: [timer("analyzer 12"), timer("analyzer 2"), timer(nil)]))
    #expect(!EndStateCheck.isInFlight("a wait with no owner", working: [timer("a wait with no owner")]))
  }

  /// Refused reactivation, a slow model, then dismiss and reopen while the stack finalizes.
  private static func dismissedWhileFinalizing(then more: String = "") throws -> String {
    try TestFiles.write(
      """
      schema: 1
      name: the run ends while a dismissed stack still finalizes
      audio: audio/hello-world.wav
      device:
        transcriberAvailable: false
      timing: { mode: aware, modelCost: 2.42 }
      model:
        profile: legacy
        transcript: audio/hello-world.words.tsv
      subject:
        requires: [dictationFallback, speechAnalyzer]
        options: { dictationFallback: "true" }
      steps:
      - start
      - {play: 10ms}
      - {audioSystem: activationFails}
      - {play: 1660ms}
      - {interrupt: 10ms}
      - play: end
      - {wait: 10ms}
      - stop
      - dismiss
      - start
      - {wait: 10ms}
      - stop

      """ + more)
  }
}
