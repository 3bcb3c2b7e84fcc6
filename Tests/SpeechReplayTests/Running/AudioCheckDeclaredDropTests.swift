import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// A stack that bounds its input queue and reports what it dropped has declared that loss: the audio
/// check allows about the audio of the buffers it says it dropped.
@Suite struct AudioCheckDeclaredDropTests {
  /// Found by `speech-replay explore` (seed 233, twice): 2 ms taps at 8 kHz, a model twice as slow as real
  /// time, and the reference stack's queue of ten buffers (sized for the 4,096 frames it asked
  /// for). Its converter releases output in blocks, so most converted buffers are empty and the
  /// analyzer's inputs averaged 1.3 ms: counted at that size the 57 reported drops explained too
  /// little, and the declared loss was reported as `audio.lost`. A dropped buffer now counts at the
  /// larger of the received, converted and tapped averages, and what the converter produced but the
  /// analyzer never received counts too (the full buffers are the ones dropped), up to every dropped
  /// buffer at the largest size seen.
  @Test func dropsOfTinyBuffersBehindABlockReleasingConverterAreDeclaredLoss() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      name: tiny taps, slow model, bounded queue
      audio: audio/hello-world.wav
      model: { transcript: audio/hello-world.words.tsv }
      steps:
      - {route: {sampleRate: 8000, channels: 1}}
      - start
      - {play: 180ms}
      - stop
      - start
      - play: end
      - stop
      timing: {mode: aware, modelCost: 1.96}
      device:
        microphone:
          tapFrames: 100
      seed: 186210

      """)
    let result = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(!result.failures.contains { $0.check == CheckID(.audio, "lost") }, "\(result.failures.map(\.message))")
    let declared = try #require(result.figures["audio.reportedDropSeconds"])
    let lost = try #require(result.figures["audio.lostSeconds"])
    #expect(lost > 0, "the stack did drop audio")
    #expect(declared * 1.5 >= lost)
  }

  /// The same stack without a slow model drops nothing and declares nothing.
  @Test func aQueueThatKeepsUpDeclaresNoLoss() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      audio: audio/hello-world.wav
      model: { transcript: audio/hello-world.words.tsv }
      steps:
      - {route: {sampleRate: 8000, channels: 1}}
      - start
      - {play: 500ms}
      - stop
      device:
        microphone:
          tapFrames: 100

      """)
    let result = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(result.status == .passed, "\(result.failures.map(\.message))")
    #expect(result.figures["audio.reportedDropSeconds"] == nil)
    #expect(result.figures["audio.lostSeconds"] == 0)
  }

  /// Found by exploring an app's stack (seed 2): 9 ms buffers, a queue of 16 and a model 1.7 times
  /// slower than real time drop 53 buffers (0.49 s), and each drop's seam misplaces up to a
  /// comparison block: 0.77 s counted lost, more than 1.5 times the drops. A drop's seam is now
  /// allowed a block of its own.
  @Test func theSeamsOfManyDropsOfTinyBuffersAreAllowedABlockEach() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      name: tiny buffers dropped by a bounded queue
      audio: audio/quick-brown-fox-48k.wav
      model: { transcript: audio/quick-brown-fox-48k.words.tsv }
      device:
        microphone: { tapFrames: 441, jitter: 5ms }
        locales: { installed: [] }
        download: { duration: 840ms }
      subject: { inputBufferLimit: 16 }
      steps:
      - {route: {sampleRate: 16000, channels: 1}}
      - start
      - play: 2.4s
      - stop
      timing: {mode: aware, modelCost: 1.69}
      seed: 927697

      """)
    let result = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(!result.failures.contains { $0.check == CheckID(.audio, "lost") }, "\(result.failures.map(\.message))")
    let declared = try #require(result.figures["audio.reportedDropSeconds"])
    let lost = try #require(result.figures["audio.lostSeconds"])
    #expect(lost > declared * 1.5, "the seams cost more than the 1.5 margin (else this test tests nothing new)")
  }
}
