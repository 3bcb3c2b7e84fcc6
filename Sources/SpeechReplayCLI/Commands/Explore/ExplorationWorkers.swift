import Foundation
import SpeechReplay
import Synchronization

/// Runs exploration candidates in worker processes (`run-scenario FILE`), as `run` runs scenarios:
/// each candidate is written to a temporary scenario file (paths inside made absolute) and its
/// worker's result read back, so a crash fails one run and the exploration goes on.
///
/// With `reuse` (the default of `explore`) each worker process runs many candidates
/// (``ReusableWorker``) and is replaced when one crashes; the crashed run still fails alone. The
/// reused workers are at most `jobs` whoever asks, so batches may overlap (``canOverlapBatches``):
/// a worker that finishes a batch's last run takes the next batch's first instead of waiting.
final class ExplorationWorkers: Sendable {
  let pool: WorkerPool
  let folder: URL
  let reusing: ReusableWorkers?
  /// Numbers the candidates' files: batches that overlap never share a name.
  private let written = Atomic<Int>(0)

  /// Whether ``execute`` bounds its own concurrency, so a batch may start before the last ends.
  var canOverlapBatches: Bool { reusing != nil }

  init(command: WorkerCommand, jobs: Int, reuse: Bool = true) throws {
    reusing = reuse ? ReusableWorkers(executable: command.executable, limit: jobs) : nil
    pool = WorkerPool(command: command, jobs: jobs, reusing: reusing)
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "speech-replay-explore-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// Ends the reused workers and removes the temporary scenario files.
  func finish() {
    reusing?.close()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs the candidates, at most `jobs` at once, and returns their results in order.
  ///
  /// Each candidate's file is written just before its run starts (the first run does not wait for
  /// the whole batch to be written) and removed when it ends.
  var execute: Explorer.Execute {
    { [self] candidates in
      let first = written.add(candidates.count, ordering: .relaxed).oldValue
      let planned = candidates.indices.map { index in
        PlannedScenario(
          file: folder.appendingPathComponent("run-\(first + index).yaml").path, name: candidates[index].scenario.name)
      }
      return await pool.run(
        planned, seed: nil,
        started: { index in
          try? Data(candidates[index].document.yaml(forFileIn: folder.path, absolute: true).utf8).write(
            to: URL(fileURLWithPath: planned[index].file))
        },
        finished: { index, _ in try? FileManager.default.removeItem(atPath: planned[index].file) })
    }
  }
}
