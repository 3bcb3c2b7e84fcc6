import Foundation
import SpeechReplay

/// Runs a suite twice, in two passes of worker processes that each write their trace, and checks
/// every scenario's two runs with ``DeterminismCheck`` (`speech-replay run --check-determinism`).
package struct DeterminismRun: Sendable {
  /// The worker command; its executable must answer `run-scenario FILE [--seed N] --trace-dir DIR`.
  package var command: WorkerCommand
  /// How many workers run at once.
  package var jobs: Int
  /// The workers' working directory; `nil` for this process's.
  package var workingDirectory: URL?
  /// The wall-clock time each worker (of either pass) may take; `nil` for no limit.
  package var timeout: Duration?
  /// Where running workers are registered so a signal to the parent kills them.
  package var processes: WorkerProcesses?
  /// Reused workers for the first pass (``ReusableWorker``); the second pass always starts a worker
  /// process per scenario, so a scenario whose run depends on what ran before it in the same
  /// process fails the check. `nil`: both passes start a process per scenario.
  package var firstPassReusing: ReusableWorkers?

  /// Creates a determinism run.
  ///
  /// - Parameters:
  ///   - command: The worker command (its extra arguments come before `--trace-dir`).
  ///   - jobs: How many workers run at once.
  ///   - workingDirectory: The workers' working directory.
  ///   - timeout: The wall-clock time each worker may take; `nil` for no limit.
  ///   - processes: The registry a signal handler kills workers through.
  ///   - firstPassReusing: Reused workers for the first pass; `nil` for a process per scenario.
  package init(
    command: WorkerCommand, jobs: Int, workingDirectory: URL? = nil, timeout: Duration? = nil,
    processes: WorkerProcesses? = nil, firstPassReusing: ReusableWorkers? = nil
  ) {
    self.command = command
    self.jobs = jobs
    self.workingDirectory = workingDirectory
    self.timeout = timeout
    self.processes = processes
    self.firstPassReusing = firstPassReusing
  }

  /// Runs every scenario twice and returns the checked second results, in suite order.
  ///
  /// - Parameters:
  ///   - scenarios: The scenarios, in suite order.
  ///   - seed: The seed override passed to every worker.
  ///   - order: The order workers start in (see ``WorkerPool/run(_:seed:order:started:finished:)``).
  ///   - started: Called as the second pass starts a scenario (the first pass is silent).
  ///   - finished: Called with each checked result as the second pass finishes it.
  /// - Returns: One checked result per scenario.
  package func run(
    _ scenarios: [PlannedScenario], seed: UInt64?, order: [Int]? = nil, started: (Int) -> Void = { _ in },
    finished: (Int, ScenarioResult) -> Void = { _, _ in }
  ) async -> [ScenarioResult] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "speech-replay-determinism-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let firstFolder = folder.appendingPathComponent("first").path
    let secondFolder = folder.appendingPathComponent("second").path
    do {
      for path in [firstFolder, secondFolder] {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      }
    } catch {
      return scenarios.map {
        ScenarioResult(
          name: $0.name, file: $0.file, status: .failed, seed: seed ?? 0,
          failures: [
            ScenarioFailure(
              "cannot create the trace folder \(folder.path) (\(error)); check the temporary folder (TMPDIR)",
              check: CheckID(.run, "trace"))
          ])
      }
    }
    let first = await pool(traceFolder: firstFolder, reusing: firstPassReusing).run(scenarios, seed: seed, order: order)
    // A scenario that timed out (or was cut off by a signal) the first time is reported as such:
    // running it again would only wait out another timeout, and there is no trace to compare.
    var results = first.map { $0.status == .timedOut || $0.status == .skipped ? $0 : nil }
    for (index, result) in results.enumerated() where result != nil {
      started(index)
      finished(index, result!)
    }
    let again = results.indices.filter { results[$0] == nil }
    // The second pass keeps the first's order (longest first) among the scenarios it runs again.
    let againOrder = order.map { order in order.compactMap { again.firstIndex(of: $0) } }
    let second = await pool(traceFolder: secondFolder).run(
      again.map { scenarios[$0] }, seed: seed, order: againOrder, started: { started(again[$0]) }
    ) { position, second in
      let index = again[position]
      finished(
        index,
        check(first[index], second, scenario: scenarios[index], firstFolder: firstFolder, secondFolder: secondFolder))
    }
    for (position, index) in again.enumerated() {
      results[index] = check(
        first[index], second[position], scenario: scenarios[index], firstFolder: firstFolder, secondFolder: secondFolder
      )
    }
    return results.map { $0! }
  }

  /// Creates a determinism run of an executable with no extra arguments.
  package init(executable: URL, jobs: Int, workingDirectory: URL? = nil) {
    self.init(command: WorkerCommand(executable: executable), jobs: jobs, workingDirectory: workingDirectory)
  }

  private func pool(traceFolder: String, reusing: ReusableWorkers? = nil) -> WorkerPool {
    var command = self.command
    command.extraArguments += ["--trace-dir", traceFolder]
    return WorkerPool(
      command: command, jobs: jobs, workingDirectory: workingDirectory, timeout: timeout, processes: processes,
      reusing: reusing)
  }

  private func check(
    _ first: ScenarioResult, _ second: ScenarioResult, scenario: PlannedScenario, firstFolder: String,
    secondFolder: String
  )
    -> ScenarioResult
  {
    // A second run cut off by the timeout or a signal says nothing about determinism.
    if second.status == .timedOut || second.status == .skipped { return second }
    return DeterminismCheck.check(
      first: first, second: second,
      firstTrace: DeterminismCheck.readTrace(at: DeterminismCheck.traceFile(for: scenario.file, in: firstFolder)),
      secondTrace: DeterminismCheck.readTrace(at: DeterminismCheck.traceFile(for: scenario.file, in: secondFolder)))
  }
}
