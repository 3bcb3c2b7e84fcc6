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

  /// Creates a determinism run.
  ///
  /// - Parameters:
  ///   - command: The worker command (its extra arguments come before `--trace-dir`).
  ///   - jobs: How many workers run at once.
  ///   - workingDirectory: The workers' working directory.
  package init(command: WorkerCommand, jobs: Int, workingDirectory: URL? = nil) {
    self.command = command
    self.jobs = jobs
    self.workingDirectory = workingDirectory
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
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("speech-replay-determinism-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let firstFolder = folder.appendingPathComponent("first").path
    let secondFolder = folder.appendingPathComponent("second").path
    do {
      for path in [firstFolder, secondFolder] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    } catch {
      return scenarios.map {
        ScenarioResult(
          name: $0.name, file: $0.file, status: .failed, seed: seed ?? 0,
          failures: [ScenarioFailure("cannot create the trace folder \(folder.path) (\(error)); check the temporary folder (TMPDIR)")])
      }
    }
    let first = await pool(traceFolder: firstFolder).run(scenarios, seed: seed, order: order)
    return await pool(traceFolder: secondFolder).run(scenarios, seed: seed, order: order, started: started) { index, second in
      finished(index, check(first[index], second, scenario: scenarios[index], firstFolder: firstFolder, secondFolder: secondFolder))
    }.enumerated().map { index, second in
      check(first[index], second, scenario: scenarios[index], firstFolder: firstFolder, secondFolder: secondFolder)
    }
  }

  /// Creates a determinism run of an executable with no extra arguments.
  package init(executable: URL, jobs: Int, workingDirectory: URL? = nil) {
    self.init(command: WorkerCommand(executable: executable), jobs: jobs, workingDirectory: workingDirectory)
  }

  private func pool(traceFolder: String) -> WorkerPool {
    var command = self.command
    command.extraArguments += ["--trace-dir", traceFolder]
    return WorkerPool(command: command, jobs: jobs, workingDirectory: workingDirectory)
  }

  private func check(_ first: ScenarioResult, _ second: ScenarioResult, scenario: PlannedScenario, firstFolder: String, secondFolder: String)
    -> ScenarioResult
  {
    DeterminismCheck.check(
      first: first, second: second,
      firstTrace: DeterminismCheck.readTrace(at: DeterminismCheck.traceFile(for: scenario.file, in: firstFolder)),
      secondTrace: DeterminismCheck.readTrace(at: DeterminismCheck.traceFile(for: scenario.file, in: secondFolder)))
  }
}
