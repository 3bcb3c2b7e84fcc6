import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// Sessions started again mid-recording, found by `speech-replay explore` (seed 13, 3,000 runs of the
/// bundled suite) as false alarms of the audio check on the reference stack, which hears every
/// buffer it should. Each is the explorer's shrunk reproducer; each failed before its fix.
@Suite struct AudioCheckRestartTests {
  func run(_ yaml: String) throws -> ScenarioRun {
    ScenarioRunner(subject: .reference).replay(fileAt: try TestFiles.write(yaml), seed: nil)
  }

  /// Two back-to-back interruptions fail the session; the next one starts while the recording is
  /// quiet (-45 dBFS) and locks onto the audio only at the next louder block. The quiet blocks
  /// before the lock were placed at the bookkeeping guess, 11 ms early, so the 11 ms between the
  /// guess and the lock counted as lost (`audio.lost`).
  @Test func quietAudioBeforeTheLockIsPlacedWhereTheLockSays() throws {
    let run = try run(
      """
      schema: 1
      name: quiet start after a failed session
      audio: audio/hello-world.wav
      device:
        locales: { installed: [] }
        network: offline
        microphone: { tapFrames: 512 }
      model: { transcript: audio/hello-world.words.tsv }
      steps:
      - install: en-US
      - start
      - {play: 20ms}
      - {interrupt: 10ms}
      - {interrupt: 10ms}
      - start
      - play: end
      seed: 123343

      """)
    #expect(run.result.status == .passed, "\(run.result.failures.map(\.message))")
    #expect(run.result.figures["audio.lostSeconds"] == 0)
  }

  /// A model error ends the first session; the second starts after the recording played on while no
  /// engine ran, on quiet noisy audio that the stack's converter and the reference render a little
  /// differently (correlation 0.92, level equal). The first lock needed 0.98, so the session was
  /// never placed and its audio reported as not the microphone's (`audio.foreign`); and the
  /// reference's converter rang from the first session's audio into the second's first buffer.
  @Test func aSessionStartedOnQuietNoisyAudioLocksAtItsGuess() throws {
    let run = try run(
      """
      schema: 1
      name: restart after a model error on quiet audio
      seed: 897224
      audio: audio/two-commands.wav
      device:
        microphone: { sampleRate: 44100, channels: 2, tapFrames: 4096 }
      model:
        latency: 50ms
        transcript: audio/two-commands.words.tsv
        generate: { volatileEvery: 150ms, finalAfterSilence: 700ms, rewrites: { 2: "a" } }
        faults:
        - latencySpike: [1140ms, 2080ms]
          extra: 20ms
        - error: 1850ms
          code: 6
          message: "the speech model stopped"
      timing: { mode: aware, modelCost: 0.96 }
      steps:
      - start
      - play: 2510ms
      - start
      - play: end

      """)
    #expect(!run.result.failures.contains { $0.check.family == .audio }, "\(run.result.failures.map(\.message))")
  }

  /// The second interruption fails the session with buffers still queued (they go nowhere: the
  /// stack showed the failure); the next session hears only silence, the recording having stopped.
  /// Silence cannot be placed by content: it was placed at the first buffer after what the first
  /// session heard (one the failed queue held, with sound) and reported as silenced.
  @Test func aSessionThatHearsOnlySilenceIsPlacedWhereTheMicrophoneWasSilent() throws {
    let run = try run(
      """
      schema: 1
      name: silent session after a failed one
      audio: audio/hello-world.wav
      timing: { mode: aware, modelCost: 1.5 }
      model:
        transcript: audio/hello-world.words.tsv
        generate: { volatileEvery: 200ms, finalAfterSilence: 800ms, style: sentence }
      subject: { inputBufferLimit: 200 }
      steps:
      - start
      - {play: 610ms}
      - {interrupt: 10ms}
      - {interrupt: 10ms}
      - start
      - {wait: 370ms}
      seed: 357637

      """)
    #expect(run.result.status == .passed, "\(run.result.failures.map(\.message))")
    #expect(run.result.figures["audio.garbledSeconds"] == 0)
  }
}
