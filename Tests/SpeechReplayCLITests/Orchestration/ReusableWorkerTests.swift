import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// Reused workers (`serve-scenarios`): many scenarios per process, a crash or a hang fails only its
/// own scenario, and a scenario's trace hash does not depend on what ran before it in the process.
@Suite struct ReusableWorkerTests {
  @Test func aCrashInAReusedWorkerFailsOnlyThatScenarioAndTheNextGetsANewWorker() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let modes = ["pass", "pass", "trap", "pass", "exit", "fail", "silent", "pass"]
    let scenarios = try modes.enumerated().map { index, mode in
      PlannedScenario(
        file: try folder.write("s/\(index)-\(mode).yaml", "name: \(mode) \(index)\nprobe: \(mode)\npid-file: yes\n"),
        name: "\(mode) \(index)")
    }
    let workers = ReusableWorkers(executable: try BuiltExecutable.url(named: "scenario-worker-probe"))
    defer { workers.close() }
    // One job: the scenarios run one after another, so which worker ran which is known.
    let pool = WorkerPool(
      command: WorkerCommand(executable: workers.executable), jobs: 1, reusing: workers)
    let results = await pool.run(scenarios, seed: 5)

    #expect(results.map(\.name) == scenarios.map(\.name))
    #expect(results.map(\.status) == [.passed, .passed, .crashed, .passed, .crashed, .failed, .crashed, .passed])
    let pid = { (index: Int) in Self.workerPid(scenarios[index]) }
    // Two scenarios in one process; each crash ends its worker and the next scenario starts another.
    #expect(pid(0) != nil && pid(0) == pid(1))
    #expect(pid(3) != nil && pid(3) != pid(0))
    #expect(pid(5) != nil && pid(5) != pid(3))
    #expect(pid(7) != nil && pid(7) != pid(5))
    #expect(workers.processesStarted == 4)

    // The crash is reported as a worker started for it alone would have been: its own words only,
    // and the command that reproduces it alone.
    let trap = results[2]
    #expect(trap.failures.first?.message.contains("was killed by signal") == true, "\(trap.failures)")
    #expect(trap.failures.first?.message.contains("run-scenario \(scenarios[2].file)") == true, "\(trap.failures)")
    #expect(trap.output.contains("probe worker about to trap"), "\(trap.output)")
    #expect(trap.output.contains("probe worker running \(scenarios[2].file)"), "\(trap.output)")
    #expect(!trap.output.contains(scenarios[1].file), "\(trap.output)")
    #expect(
      results[4].failures.first?.message.contains("exited with status 3 without a result line") == true,
      "\(results[4].failures)")
    #expect(results[6].failures.first?.message.contains("exited without printing a result line") == true)
    #expect(results[0].seed == 5 && results[7].seed == 5)
  }

  /// `explore` runs two batches at once on one set of workers: with a limit, the batches share
  /// that many worker processes instead of each starting its own (here one worker for two pools
  /// of two jobs each).
  @Test func twoPoolsOnLimitedWorkersShareThemAndNeverStartMore() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    func batch(_ name: String) throws -> [PlannedScenario] {
      try (0..<4).map { index in
        PlannedScenario(
          file: try folder.write("\(name)/\(index).yaml", "name: \(name) \(index)\nprobe: pass\npid-file: yes\n"),
          name: "\(name) \(index)")
      }
    }
    let (first, second) = (try batch("a"), try batch("b"))
    let workers = ReusableWorkers(executable: try BuiltExecutable.url(named: "scenario-worker-probe"), limit: 1)
    defer { workers.close() }
    let pool = WorkerPool(command: WorkerCommand(executable: workers.executable), jobs: 2, reusing: workers)
    async let a = pool.run(first, seed: 1)
    async let b = pool.run(second, seed: 1)
    let results = await a + b

    #expect(results.map(\.status) == Array(repeating: .passed, count: 8), "\(results.map(\.failures))")
    // Several requests were waiting at once; without the limit each would have started a worker.
    #expect(workers.processesStarted == 1)
    let pids = Set((first + second).compactMap(Self.workerPid))
    #expect(pids.count == 1, "\(pids)")
  }

  @Test func aHangInAReusedWorkerTimesOutAloneAndItsWorkerIsReplaced() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let modes = ["pass", "hang", "pass"]
    let scenarios = try modes.enumerated().map { index, mode in
      PlannedScenario(
        file: try folder.write("s/\(index)-\(mode).yaml", "name: \(mode) \(index)\nprobe: \(mode)\npid-file: yes\n"),
        name: "\(mode) \(index)")
    }
    let workers = ReusableWorkers(executable: try BuiltExecutable.url(named: "scenario-worker-probe"))
    defer { workers.close() }
    let pool = WorkerPool(
      command: WorkerCommand(executable: workers.executable), jobs: 1, timeout: .seconds(1), reusing: workers)
    let results = await pool.run(scenarios, seed: nil)
    #expect(results.map(\.status) == [.passed, .timedOut, .passed])
    #expect(Self.workerPid(scenarios[0]) != nil && Self.workerPid(scenarios[0]) != Self.workerPid(scenarios[2]))
    // The hung worker was killed: its process is gone.
    let hung = try String(contentsOfFile: scenarios[1].file + ".pid", encoding: .utf8)
    let hungPid = try #require(pid_t(hung.split(separator: "\n").first ?? ""))
    #expect(kill(hungPid, 0) != 0)
  }

  /// The process that ran a probe scenario with `pid-file: yes`.
  static func workerPid(_ scenario: PlannedScenario) -> pid_t? {
    (try? String(contentsOfFile: scenario.file + ".worker-pid", encoding: .utf8)).flatMap {
      pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  @Test func aReusedWorkerGivesEachBundledScenarioTheTraceHashOfAFreshProcess() async throws {
    let executable = try BuiltExecutable.url(named: "speech-replay")
    let names = [
      "two-commands.yaml", "route-change.yaml", "leak-cycles.yaml", "model-error.yaml", "hello-world.yaml",
      "offline-first-run.yaml", "two-commands.yaml",
    ]
    let scenarios = names.map {
      PlannedScenario(file: TestFiles.scenarios.appendingPathComponent($0).path, name: $0)
    }
    var command = WorkerCommand(executable: executable)
    command.extraArguments = ["--record", "never"]
    let workers = ReusableWorkers(executable: executable)
    defer { workers.close() }
    let reused = await WorkerPool(command: command, jobs: 1, reusing: workers).run(scenarios, seed: nil)
    #expect(workers.processesStarted == 1)
    let fresh = await WorkerPool(command: command, jobs: 2).run(scenarios, seed: nil)
    #expect(reused.map(\.status) == fresh.map(\.status))
    #expect(reused.allSatisfy { !$0.traceHash.isEmpty })
    #expect(reused.map(\.traceHash) == fresh.map(\.traceHash))
    // The same scenario first and last in one process.
    #expect(reused[0].traceHash == reused[6].traceHash)
  }
}

extension ReusableWorkerTests {
  @Test func aWorkerKilledWhileIdleIsReplacedAndTheNextScenarioStillRuns() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scenarios = try (0..<2).map { index in
      PlannedScenario(
        file: try folder.write("s/\(index).yaml", "name: pass \(index)\nprobe: pass\npid-file: yes\n"),
        name: "pass \(index)")
    }
    let workers = ReusableWorkers(executable: try BuiltExecutable.url(named: "scenario-worker-probe"))
    defer { workers.close() }
    let pool = WorkerPool(command: WorkerCommand(executable: workers.executable), jobs: 1, reusing: workers)
    let first = await pool.run([scenarios[0]], seed: nil)
    #expect(first.map(\.status) == [.passed])
    let idle = try #require(Self.workerPid(scenarios[0]))
    // Killed from outside while it waits for its next request (an out-of-memory kill, say).
    kill(idle, SIGKILL)
    Self.waitUntilGone(idle)
    let second = await pool.run([scenarios[1]], seed: nil)
    #expect(second.map(\.status) == [.passed], "\(second.map(\.failures))")
    #expect(Self.workerPid(scenarios[1]) != nil && Self.workerPid(scenarios[1]) != idle)
    #expect(workers.processesStarted == 2)
  }

  /// Polls until the process is gone (killed and reaped), for at most 30 s.
  static func waitUntilGone(_ pid: pid_t) {
    let deadline = ContinuousClock.now + .seconds(30)
    while kill(pid, 0) == 0, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.02) }
  }

  @Test func anExecutableThatDoesNotServeFailsItsScenariosWithItsOwnWords() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scenario = PlannedScenario(file: try folder.write("s/a.yaml", "name: a\n"), name: "a")
    // /bin/sh -c … is no worker: `sh serve-scenarios` fails to open a script of that name and exits.
    let workers = ReusableWorkers(executable: URL(fileURLWithPath: "/bin/sh"))
    defer { workers.close() }
    let results = await WorkerPool(command: WorkerCommand(executable: workers.executable), jobs: 1, reusing: workers)
      .run([scenario, scenario], seed: nil)
    #expect(results.map(\.status) == [.crashed, .crashed])
    #expect(results[0].failures.first?.message.contains("without a result line") == true, "\(results[0].failures)")
  }
}
