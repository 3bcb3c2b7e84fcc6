import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// Audio conservation when a screen is dismissed while its stack still finalizes a stop.
@Suite struct AudioCheckDismissWhileStoppingTests {
  /// Found by `speech-replay explore` (issue 31, seed 21): the session cannot be activated again at
  /// an interruption's end, so the stack ends it by itself and finalizes with a model slower than
  /// real time; the screen is dismissed and reopened in that instant. What the dismissed stack
  /// still had queued is its own to hear (its analyzer finishes after the run ends), and the
  /// reopened screen's silence may be placed over the end of its stretch, as after a dismissal while
  /// listening: the 71 ms between is the end of a stretch that ended in a dismissal, not lost.
  @Test func audioQueuedInAStackDismissedWhileItFinalizesIsNotLost() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      name: the screen is dismissed and reopened while the stack finalizes by itself
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
      - {wait: 331ms}
      - stop
      - dismiss
      - start
      - {wait: 669ms}
      - stop

      """)
    let run = ScenarioRunner(subject: .reference).replay(fileAt: path, seed: 740484)
    #expect(!run.result.failures.contains { $0.check.family == .audio }, "\(run.result.failures.map(\.message))")
    #expect((run.result.figures["audio.excused.failedStretchEnd"] ?? 0) > 0.05, "\(run.result.figures)")
  }
}
