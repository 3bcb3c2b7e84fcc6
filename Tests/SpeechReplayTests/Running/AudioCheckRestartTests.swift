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
    // At most the edge block, where the reference's filter rings from the sound before the pause.
    #expect((run.result.figures["audio.garbledSeconds"] ?? 1) <= 0.02)
  }

  /// A screen dismissed while a slow model had a backlog of a dozen buffers: the next screen's
  /// stack starts its queue with the first buffer after it started, which the search before the
  /// first lock did not reach (it tried the guess, after what the first session heard, and 16
  /// buffers more): its first blocks counted as foreign and the dismissed queue as lost.
  @Test func aNewScreensFirstInputIsFoundAfterADismissedBacklog() throws {
    let run = try run(
      """
      schema: 1
      name: dismissed while a slow model had a backlog
      audio: audio/hello-world.wav
      model:
        locale: en-US
        transcript: audio/hello-world.words.tsv
        generate: { volatileEvery: 200ms, finalAfterSilence: 800ms, style: sentence }
      device:
        microphone: { tapFrames: 1024 }
      timing: { mode: aware, modelCost: 1.76 }
      steps:
      - start
      - play: 1s
      - dismiss
      - start
      - play: end
      seed: 492114

      """)
    #expect(run.result.status == .passed, "\(run.result.failures.map(\.message))")
  }

  /// Quiet noise in a pause resembles noise 0.6 s earlier (correlation 0.98) a little more than the
  /// same noise rendered by another resampler (0.896): the alignment jumped back and reported the
  /// audio repeated, then lost. A jump needs the audio at the current offset to be something else.
  @Test func quietNoiseResemblingEarlierNoiseIsNoJump() throws {
    let run = try run(
      """
      schema: 1
      name: quiet noise that repeats elsewhere
      audio: audio/quick-brown-fox-48k.wav
      model: { transcript: audio/quick-brown-fox-48k.words.tsv }
      device:
        microphone: { sampleRate: 32000, channels: 1, tapFrames: 2399 }
      steps:
      - start
      - play: end
      seed: 577737

      """)
    #expect(run.result.status == .passed, "\(run.result.failures.map(\.message))")
    #expect(run.result.figures["audio.repeatedSeconds"] == 0)
  }

  /// An 8 kHz microphone with 2 ms taps: the converter twin's resampler releases output in blocks
  /// larger than the stack's output buffer, and the twin did not ask for the call's tap buffer while
  /// held output filled it, so the reference stack lost a buffer per block.
  @Test func tinyTapsAt8kHzReachTheAnalyzerWhole() throws {
    let run = try run(
      """
      schema: 1
      name: 8 kHz microphone with 2 ms taps
      audio: audio/hello-world.wav
      model: { transcript: audio/hello-world.words.tsv }
      device:
        microphone: { tapFrames: 100 }
      steps:
      - {route: {sampleRate: 8000, channels: 1}}
      - start
      - play: end
      - stop
      seed: 247188

      """)
    #expect(run.result.status == .passed, "\(run.result.failures.map(\.message))")
    #expect(run.result.figures["audio.lostSeconds"] == 0)
  }
}
