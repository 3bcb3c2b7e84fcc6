import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// `nothing-lost-at-stop` and a guess the model withdraws itself after the stop.
@Suite struct StopLossWithdrawalTests {
  /// Found by `speech-replay explore` (seed 55): a slow model's withdrawal of "uh" (an empty
  /// volatile result) reached the stack after the user tapped stop, just before the model failed.
  /// The guess is gone by the model's doing; the invariant reported the stack as losing it.
  @Test func aGuessTheModelWithdrawsAfterTheStopIsNotLost() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      name: the model withdraws its guess after the stop, then fails
      audio: audio/hello-world.wav
      model:
        results:
        - { at: 0.5s, text: "uh" }
        - { at: 0.7s, withdraw: true }
        - { at: 0.9s, text: "hello" }
        - { at: 1.3s, text: "hello world" }
        - { at: 1.7s, final: "Hello world." }
        faults:
        - { error: 750ms, code: 6, message: "the speech model stopped" }
      steps:
      - start
      - play: 650ms
      - { play: 100ms }
      - { play: 790ms }
      - stop
      - start
      timing: { mode: aware, modelCost: 2.39 }
      seed: 544135

      """)
    let run = ScenarioRunner(subject: .reference).replay(fileAt: path, seed: nil)
    #expect(
      !run.result.failures.contains { $0.check == CheckID(.invariant, "nothing-lost-at-stop") },
      "\(run.result.failures.map(\.message))")
  }
}
