import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// Audio conservation when the run ends while the stack is still finalizing a stop.
@Suite struct AudioCheckRunEndsStoppingTests {
  /// Found by `speech-replay explore` (issue 31, seed 89, run 524): two interruptions back to back
  /// at the end of the audio; the session cannot be activated again between them, so the stack ends
  /// it by itself and finalizes, with a model slower than real time still reading six queued
  /// buffers when the run ends. That audio is on its way, not lost: no stack could have delivered it
  /// sooner, as when a run ends while the app listens.
  @Test func audioStillQueuedWhileTheStackFinalizesAtTheRunsEndIsInFlight() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      name: the run ends while a slow model finalizes
      audio: audio/hello-world.wav
      timing: { mode: aware, modelCost: 1.5 }
      model:
        profile: legacy
        transcript: audio/hello-world.words.tsv
        generate: { volatileEvery: 200ms, finalAfterSilence: 800ms, style: sentence }
      subject:
        inputBufferLimit: 200
      steps:
      - start
      - play: end
      - {interrupt: 10ms}
      - {interrupt: 10ms}

      """)
    let run = ScenarioRunner(subject: .reference).replay(fileAt: path, seed: 295427)
    #expect(
      run.finalState?.phase == .stopping,
      "the run ends while the stack finalizes: \(String(describing: run.finalState))")
    #expect(!run.result.failures.contains { $0.check.family == .audio }, "\(run.result.failures.map(\.message))")
    #expect((run.result.figures["audio.excused.inFlight"] ?? 0) > 0.5, "\(run.result.figures)")
  }
}
