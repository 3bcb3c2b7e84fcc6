import AVFAudioTwin
import CoreMediaTwin
import Foundation
import SimulatedDevice
import Simulation
import SpeechReplayTestSupport
import SpeechTwin
import Synchronization
import Testing

/// When finalized results reach the app (`SimulatedDevice.ResultDelivery`): Apple documents only
/// that `finalize(through:)` returns once they are published to the results streams. By default the
/// app's loop reads them before the call returns; under `afterFinalizeReturns`, only after it.
@Suite(.serialized) struct SpeechAnalyzerDeliveryTests {
  /// What a results loop read, recorded without suspending (so the record is as early as the read).
  final class ReadLog: Sendable {
    private let state = Mutex<(lines: [String], ended: Bool)>(([], false))
    var lines: [String] { state.withLock { $0.lines } }
    var ended: Bool { state.withLock { $0.ended } }
    func read(_ line: String) { state.withLock { $0.lines.append(line) } }
    func end() { state.withLock { $0.ended = true } }

    /// Reads `transcriber.results` to their end (or the task's cancellation) in a main-actor task,
    /// as an app's results loop does.
    func reading(_ transcriber: SpeechTranscriber) -> Task<Void, Never> {
      Task { @MainActor in
        do {
          for try await result in transcriber.results { self.read(result.description) }
        } catch {}
        self.end()
      }
    }
  }

  /// What the caller of `finalize` saw right after it returned, and later.
  struct Seen: Sendable {
    var atReturn: [String]
    var endedAtReturn: Bool
    var later: [String]
    var endedLater: Bool
  }

  static let finalLine = "final [0.000–1.400) \"The quick brown.\""

  /// Feeds 1.4 s of audio, waits for the volatile results, then runs `finish` and records what the
  /// results loop had read when it returned and 100 ms later.
  static func run(
    _ delivery: SimulatedDevice.ResultDelivery, cancelReaderAtReturn: Bool = false,
    _ finish: @escaping @Sendable (SpeechAnalyzer) async throws -> Void
  ) throws -> (seen: Seen, trace: [TraceEvent]) {
    var configuration = SimulatedDevice.Configuration()
    configuration.resultDelivery = delivery
    let (seen, _, report) = try AnalyzerHarness.run("delivery \(delivery)", configuration: configuration) { _ in
      let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let log = ReadLog()
      let reader = log.reading(transcriber)
      let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()
      try await analyzer.start(inputSequence: stream)
      let clock = Simulation.current!.clock
      for _ in 0..<14 {
        input.yield(AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600)))
        try await clock.sleep(for: .milliseconds(100))
      }
      input.finish()
      let (atReturn, endedAtReturn) = try await Self.finishOnMain(analyzer, finish, log, reader, cancelReaderAtReturn)
      try await clock.sleep(for: .milliseconds(100))
      let seen = Seen(atReturn: atReturn, endedAtReturn: endedAtReturn, later: log.lines, endedLater: log.ended)
      await analyzer.cancelAndFinishNow()
      await reader.value
      return seen
    }
    return (seen, Array(report.trace))
  }

  /// Calls `finish` from the main actor, as an app's stop does, and records what the results loop had
  /// read when it returned (cancelling the loop then when asked).
  @MainActor static func finishOnMain(
    _ analyzer: SpeechAnalyzer, _ finish: @Sendable (SpeechAnalyzer) async throws -> Void, _ log: ReadLog,
    _ reader: Task<Void, Never>, _ cancelReader: Bool
  ) async throws -> ([String], Bool) {
    try await finish(analyzer)
    if cancelReader { reader.cancel() }
    return (log.lines, log.ended)
  }

  @Test func byDefaultTheFinalIsReadBeforeFinalizeReturns() throws {
    let (seen, trace) = try Self.run(.beforeFinalizeReturns) { try await $0.finalize(through: nil) }
    #expect(seen.atReturn.last == Self.finalLine, "\(seen.atReturn)")
    #expect(!trace.contains { $0.kind == .analyzerResultsDelivered })
  }

  @Test func lateTheFinalIsReadOnlyAfterFinalizeReturned() throws {
    let (seen, trace) = try Self.run(.afterFinalizeReturns) { try await $0.finalize(through: nil) }
    #expect(!seen.atReturn.contains(Self.finalLine), "\(seen.atReturn)")
    #expect(seen.atReturn.count == 3, "the volatile results before finalize were read as usual: \(seen.atReturn)")
    #expect(seen.later.last == Self.finalLine, "\(seen.later)")
    #expect(!seen.endedLater, "finalize does not end the stream")
    // Published (so committed-is-finals and the volatile range see it) at finalize, read later.
    let published = try #require(trace.firstIndex { $0.kind == .analyzerResult && $0["final"] == "true" })
    let finalized = try #require(trace.firstIndex { $0.kind == .analyzerFinalize })
    let delivered = try #require(trace.firstIndex { $0.kind == .analyzerResultsDelivered })
    #expect(published < finalized && finalized < delivered)
    #expect(trace[delivered]["results"] == "1" && trace[delivered]["finish"] == "false")
    #expect(trace[delivered].time - trace[finalized].time == SimulatedDevice.ResultDelivery.lateDeliveryLag)
  }

  @Test func lateTheStreamEndsAfterTheFinalOnceFinishReturned() throws {
    let (seen, trace) = try Self.run(.afterFinalizeReturns) { try await $0.finalizeAndFinishThroughEndOfInput() }
    #expect(!seen.endedAtReturn && !seen.atReturn.contains(Self.finalLine), "\(seen)")
    #expect(seen.endedLater && seen.later.last == Self.finalLine, "\(seen)")
    #expect(trace.contains { $0.kind == .analyzerResultsDelivered && $0["finish"] == "true" })
    #expect(!trace.contains { $0.kind == .analyzerResultUnread })

    let (early, _) = try Self.run(.beforeFinalizeReturns) { try await $0.finalizeAndFinishThroughEndOfInput() }
    #expect(early.atReturn.last == Self.finalLine, "\(early)")
  }

  @Test func aReaderCancelledWhenFinalizeReturnsLosesTheLateFinal() throws {
    let (late, trace) = try Self.run(.afterFinalizeReturns, cancelReaderAtReturn: true) {
      try await $0.finalizeAndFinishThroughEndOfInput()
    }
    #expect(!late.later.contains(Self.finalLine), "\(late)")
    let unread = trace.compactMap(AnalyzerUnreadResultEvent.init)
    #expect(unread.map(\.text) == ["The quick brown."])

    // The same reader keeps the final under the default order: the latent bug.
    let (early, earlyTrace) = try Self.run(.beforeFinalizeReturns, cancelReaderAtReturn: true) {
      try await $0.finalizeAndFinishThroughEndOfInput()
    }
    #expect(early.later.last == Self.finalLine, "\(early)")
    #expect(!earlyTrace.contains { $0.kind == .analyzerResultUnread })
  }
}
