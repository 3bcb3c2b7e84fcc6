import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// For a stack that reports no input queue, `input-bounded` judges how far the analyzer's audio lags
/// the microphone. A model briefly slower than real time makes any correct stack lag; a scenario that
/// lets a queue hold many buffers (`subject.inputBufferLimit`) lets such a stack lag as many tap
/// buffers, while a small limit still catches an unbounded queue.
@Suite(.serialized) struct InputLagAllowanceTests {
  /// The reference stack seen through a wrapper that reports no input queue.
  static let unreported = SubjectBox().factory

  static func run(limit: Int?) throws -> ScenarioResult {
    let audio = TestFiles.audio
    let path = try TestFiles.write(
      """
      schema: 1
      audio: \(audio.appendingPathComponent("two-commands.wav").path)
      timing: { mode: aware, modelCost: 1.5 }
      model:
        transcript: \(audio.appendingPathComponent("two-commands.words.tsv").path)
        generate: { volatileEvery: 200ms, finalAfterSilence: 800ms, style: sentence }
      \(limit.map { "subject: { inputBufferLimit: \($0) }" } ?? "")
      steps: [start, { play: end }, { wait: 5s }, stop]
      """)
    return ScenarioRunner(subject: unreported, snapshots: SnapshotOptions()).run(fileAt: path, seed: nil)
  }

  static func lagFailures(_ result: ScenarioResult) -> [ScenarioFailure] {
    result.failures.filter { $0.check == CheckID(.invariant, "input-bounded") }
  }

  @Test func aQueueTheScenarioAllowsMayLagThatManyBuffers() throws {
    let result = try Self.run(limit: 200)
    #expect(Self.lagFailures(result).isEmpty, "\(result.failures)")
  }

  @Test func withoutAnAllowanceTheSameLagIsReported() throws {
    let failures = Self.lagFailures(try Self.run(limit: nil))
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("behind the microphone (bound 2s)") == true, "\(failures)")
  }

  @Test func aSmallAllowanceStillCatchesTheBacklog() throws {
    let failures = Self.lagFailures(try Self.run(limit: 4))
    #expect(failures.first?.message.contains("4 tap buffers the scenario lets a queue hold") == true, "\(failures)")
  }
}
