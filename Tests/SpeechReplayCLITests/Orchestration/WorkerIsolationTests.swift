import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// A scenario's leftovers never reach the next scenario a reused worker runs: a run that leaves
/// objects alive is reported as such, and its worker is replaced.
@Suite struct WorkerIsolationTests {
  /// A reply that ends with ``WorkerCommand/retireRequest`` gives its scenario a normal result and
  /// ends the worker; the next scenario starts a new one, which is reused as before.
  @Test func aWorkerWhoseRunLeftObjectsAliveIsReplacedBeforeTheNextScenario() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let modes = ["pass", "leftover", "pass", "pass"]
    let scenarios = try modes.enumerated().map { index, mode in
      PlannedScenario(
        file: try folder.write("s/\(index)-\(mode).yaml", "name: \(mode) \(index)\nprobe: \(mode)\npid-file: yes\n"),
        name: "\(mode) \(index)")
    }
    let workers = ReusableWorkers(executable: try BuiltExecutable.url(named: "scenario-worker-probe"))
    defer { workers.close() }
    let pool = WorkerPool(command: WorkerCommand(executable: workers.executable), jobs: 1, reusing: workers)
    let results = await pool.run(scenarios, seed: 5)

    // The retire line is not the result line: every scenario passes.
    #expect(results.map(\.status) == [.passed, .passed, .passed, .passed], "\(results.map(\.failures))")
    #expect(!results[1].output.contains("retire"), "\(results[1].output)")
    let pid = { (index: Int) in ReusableWorkerTests.workerPid(scenarios[index]) }
    #expect(pid(0) != nil && pid(0) == pid(1))
    #expect(pid(2) != nil && pid(2) != pid(1))
    #expect(pid(3) == pid(2))
    #expect(workers.processesStarted == 2)
    if let retired = pid(1) { ReusableWorkerTests.waitUntilGone(retired) }
  }

  /// The case, through an app's own executable: a stack whose tap block holds its transcriber
  /// leaks the dismissed screen (and its interruption observer) in `dismiss-while-listening`; the
  /// next scenario, `interruption`, run after it with one job, must pass as it does alone, and the
  /// leak is reported in the scenario that made it.
  @Test(arguments: [false, true])
  func aLeakingStackFailsOnlyTheScenarioThatLeakedInAReusedWorker(checkDeterminism: Bool) throws {
    let folder = try TemporaryFolder(prefix: "WorkerIsolationTests")
    defer { folder.remove() }
    let json = folder.url.appendingPathComponent("report.json").path
    let run = try CommandLineRun(
      [
        "run", "Scenarios/dismiss-while-listening.yaml", "Scenarios/interruption.yaml", "--jobs", "1",
        "--subject", "app-tap-cycle", "--no-history", "--json", json,
      ] + (checkDeterminism ? ["--check-determinism"] : []), executable: AppExecutableTests.app)
    #expect(run.status == 1, "\(run.standardOutput)\n\(run.standardError)")
    let report = try JSONReport.decode(try Data(contentsOf: URL(fileURLWithPath: json)))
    let byFile = Dictionary(uniqueKeysWithValues: report.results.map { ($0.file, $0) })
    let leaked = try #require(byFile["Scenarios/dismiss-while-listening.yaml"])
    let next = try #require(byFile["Scenarios/interruption.yaml"])
    #expect(leaked.status == .failed)
    // The transcriber the dismissed subject held outlived it (its tap block holds it).
    #expect(
      leaked.failures.contains { $0.check == CheckID(.dismissal, "object") && $0.message.contains("LiveTranscriber") },
      "\(leaked.failures)")
    let leftovers = leaked.warnings.filter { $0.check == CheckID(.run, "leftovers") }
    #expect(leftovers.count == 1, "\(leaked.warnings)")
    #expect(leftovers.first?.message.contains("AVAudioEngine ×1") == true, "\(leftovers)")
    #expect(next.status == .passed, "\(next.failures)")
    #expect(!next.warnings.contains { $0.check == CheckID(.run, "leftovers") })
    // Fresh (second pass) and reused (first pass) workers agree: no scenario is non-deterministic.
    #expect(!report.results.flatMap(\.failures).contains { $0.check == CheckID(.run, "nondeterministic") })
  }
}
