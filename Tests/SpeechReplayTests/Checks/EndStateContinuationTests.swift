import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

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
}
