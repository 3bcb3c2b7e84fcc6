import Foundation
import SpeechReplayTestSupport
import Synchronization
import Testing

@testable import SpeechReplay

/// `explore` with reused workers queues the next batch before the current one ends
/// (`Explorer.overlapsBatches`), so no worker waits for a batch's slowest run. What the runs are,
/// which fail and what shrinking makes of them must not depend on it.
@Suite struct ExplorerBatchOverlapTests {
  /// A stand-in executor: a run fails when its seed is a multiple of 5 (shrinking's runs too),
  /// so the outcome is a function of the candidates alone. With `gate`, the first batch does not
  /// end until the second has been handed over.
  final class Executor: Sendable {
    let calls = Mutex(0)
    let gate: Gate?
    init(gated: Bool) { gate = gated ? Gate() : nil }

    var execute: Explorer.Execute {
      { [self] candidates in
        let call = calls.withLock { count in
          defer { count += 1 }
          return count
        }
        if let gate, call == 0 { await gate.wait() }
        if let gate, call == 1 { await gate.open() }
        return candidates.map { candidate in
          let fails = candidate.seed % 5 == 0
          return ScenarioResult(
            name: candidate.scenario.name, file: candidate.document.file, status: fails ? .failed : .passed,
            seed: candidate.seed,
            failures: fails ? [ScenarioFailure("stand-in failure", check: CheckID(.run, "standIn"))] : [])
        }
      }
    }
  }

  actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    func wait() async {
      if isOpen { return }
      await withCheckedContinuation { waiting.append($0) }
    }
    func open() {
      isOpen = true
      for continuation in waiting { continuation.resume() }
      waiting = []
    }
  }

  static func explore(overlapping: Bool, gated: Bool = false) async throws -> ExplorationReport {
    let documents = try ["hello-world.yaml", "two-commands.yaml"].map {
      try ScenarioDocument(fileAt: TestFiles.scenarios.appendingPathComponent($0).path)
    }
    var explorer = Explorer(runs: 60, seed: 3)
    explorer.batchSize = 2
    explorer.runBatchSize = 8
    explorer.overlapsBatches = overlapping
    return await explorer.explore(documents, execute: Executor(gated: gated).execute)
  }

  @Test func overlappingBatchesFindTheSame() async throws {
    let one = try await Self.explore(overlapping: false)
    let overlapped = try await Self.explore(overlapping: true)
    #expect(one.runs == 60 && overlapped.runs == 60)
    #expect(one.failingRuns > 0, "the stand-in should fail some runs")
    #expect(overlapped.failingRuns == one.failingRuns)
    #expect(overlapped.invalidRuns == one.invalidRuns)
    #expect(overlapped.shrinkRuns == one.shrinkRuns)
    #expect(overlapped.findings.map(\.signature) == one.findings.map(\.signature))
    #expect(overlapped.findings.map(\.run) == one.findings.map(\.run))
    #expect(overlapped.findings.map(\.perturbations) == one.findings.map(\.perturbations))
  }

  /// The first batch only ends once the second was handed over: this finishes only if the second
  /// batch is queued before the first one's results are awaited. The limit only ends a deadlock: it is
  /// generous because a full parallel test run on a loaded 2-core machine took over a minute here.
  @Test(.timeLimit(.minutes(5))) func theNextBatchIsHandedOverBeforeTheCurrentEnds() async throws {
    let report = try await Self.explore(overlapping: true, gated: true)
    #expect(report.runs == 60)
  }
}
