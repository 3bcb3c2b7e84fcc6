import Foundation
import SpeechReplay

/// Runs exploration candidates in worker processes (`run-scenario FILE`), as `run` runs scenarios:
/// each candidate is written to a temporary scenario file (paths inside made absolute) and its
/// worker's result read back, so a crash fails one run and the exploration goes on.
///
/// With `reuse` (the default of `explore`) each worker process runs many candidates
/// (``ReusableWorker``) and is replaced when one crashes; the crashed run still fails alone.
struct ExplorationWorkers: Sendable {
  let pool: WorkerPool
  let folder: URL
  let reusing: ReusableWorkers?

  init(command: WorkerCommand, jobs: Int, reuse: Bool = true) throws {
    reusing = reuse ? ReusableWorkers(executable: command.executable) : nil
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
  var execute: Explorer.Execute {
    { [pool, folder] candidates in
      var planned: [PlannedScenario] = []
      for (index, candidate) in candidates.enumerated() {
        let file = folder.appendingPathComponent("run-\(index).yaml")
        try? Data(candidate.document.yaml(forFileIn: folder.path, absolute: true).utf8).write(
          to: file, options: .atomic)
        planned.append(PlannedScenario(file: file.path, name: candidate.scenario.name))
      }
      return await pool.run(planned, seed: nil)
    }
  }
}
