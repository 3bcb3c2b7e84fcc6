import ArgumentParser
import Foundation
import SpeechReplay

/// The execution of a planned run: for each subject in turn, its scenarios through a pool of
/// worker processes (or two, with the determinism check), every event fed to the recorders.
struct RunExecution {
  /// The planned scenarios.
  var plan: SuitePlan
  /// The subjects, in order.
  var factories: [SubjectFactory]
  /// `--seed`.
  var seed: UInt64?
  /// Worker processes at once.
  var jobs: Int
  /// A worker's wall-clock limit; nil for none.
  var timeout: Duration?
  /// The order workers start scenarios in (longest first from the history); nil for suite order.
  var order: [Int]?
  /// `--check-determinism`: every scenario twice, in two processes.
  var checkDeterminism = false
  /// `--fresh-workers`: a process per scenario.
  var freshWorkers = false
  /// `--schedules N`: every scenario under the seeded schedules 1…N, one pass each; nil for one pass
  /// in each scenario's own order.
  var schedules: Int? = nil
  /// Whether workers also write timelines (`--html`, `--perfetto`).
  var keepsTimelines = false
  /// The worker processes, and the signal that interrupted them.
  var processes: WorkerProcesses
  /// The worker command for a subject.
  var workerCommand: (SubjectFactory) throws -> WorkerCommand

  /// Runs every subject's scenarios, feeding `recorders`.
  /// - Parameters:
  ///   - recorders: What hears the events.
  ///   - timelines: Each subject's timeline folder, made here (the caller removes them).
  /// - Returns: Every result, subject after subject.
  func run(
    _ recorders: [any RunRecorder], timelines: inout [String: TimelineFolder]
  ) async throws
    -> [ScenarioResult]
  {
    func send(_ event: RunEvent) { for recorder in recorders { recorder.record(event) } }
    let several = factories.count > 1
    var results: [ScenarioResult] = []
    for factory in factories {
      var command = try workerCommand(factory)
      // Every worker also writes its timeline as JSON into a temporary folder of the subject's own
      // (the workers name them after the scenario file, which the subjects share).
      if keepsTimelines {
        do { timelines[factory.name] = try TimelineFolder() } catch {
          Failure.printError(error)
          throw ExitCode(Failure.exitCode)
        }
        command.extraArguments += timelines[factory.name]!.workerArguments
      }
      // Reused workers: a worker process runs scenario after scenario and is replaced when one crashes.
      let reusing = freshWorkers ? nil : ReusableWorkers(executable: command.executable, processes: processes)
      defer { reusing?.close() }
      send(.subjectStarted(several ? factory.name : nil))
      if let signal = processes.receivedSignal {
        // Interrupted during an earlier subject: this one never starts.
        results += notRun(factory, signal: signal)
        continue
      }
      var subjectResults = await run(command, reusing: reusing, send: send)
      if several {
        for index in subjectResults.indices { subjectResults[index].subject = factory.name }
        send(.subjectFinished(factory.name, subjectResults))
      }
      results += subjectResults
    }
    return results
  }

  private func run(
    _ command: WorkerCommand, reusing: ReusableWorkers?, send: (RunEvent) -> Void
  ) async
    -> [ScenarioResult]
  {
    guard let schedules else { return await runOnce(command, reusing: reusing, send: send) }
    // One pass per schedule seed; each result carries its seed (`ScenarioResult.scheduleSeed`), so
    // the reports and the history keep the passes apart.
    var results: [ScenarioResult] = []
    for scheduleSeed in 1...max(1, schedules) where processes.receivedSignal == nil {
      var scheduled = command
      scheduled.extraArguments += ["--schedule-seed", String(scheduleSeed)]
      results += await runOnce(scheduled, reusing: reusing, send: send)
    }
    return results
  }

  private func runOnce(
    _ command: WorkerCommand, reusing: ReusableWorkers?, send: (RunEvent) -> Void
  ) async
    -> [ScenarioResult]
  {
    if checkDeterminism {
      return await DeterminismRun(
        command: command, jobs: jobs, timeout: timeout, processes: processes, firstPassReusing: reusing
      ).run(
        plan.scenarios, seed: seed, order: order, started: { send(.scenarioStarted($0)) },
        finished: { send(.scenarioFinished($0, $1)) })
    }
    let pool = WorkerPool(command: command, jobs: jobs, timeout: timeout, processes: processes, reusing: reusing)
    return await pool.run(
      plan.scenarios, seed: seed, order: order, started: { send(.scenarioStarted($0)) },
      finished: { send(.scenarioFinished($0, $1)) })
  }

  private func notRun(_ factory: SubjectFactory, signal: Int32) -> [ScenarioResult] {
    plan.scenarios.map {
      ScenarioResult(
        name: $0.name, file: $0.file, status: .skipped, seed: seed ?? 0,
        failures: [
          ScenarioFailure(
            "not run: the run was interrupted by \(WorkerProcesses.name(of: signal))",
            check: CheckID(.run, "interrupted"))
        ], subject: factory.name)
    }
  }
}
