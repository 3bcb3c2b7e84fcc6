import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

@Suite struct WorkerPoolTests {
  @Test func crashesAreIsolatedAndResultsComeBackInSuiteOrder() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let modes = ["pass", "trap", "fail", "exit", "silent", "noisy", "pass"]
    let scenarios = try modes.enumerated().map { index, mode in
      PlannedScenario(
        file: try folder.write("s/\(index)-\(mode).yaml", "name: \(mode) \(index)\nprobe: \(mode)\n"),
        name: "\(mode) \(index)")
    }
    let pool = WorkerPool(
      command: WorkerCommand(executable: try BuiltExecutable.url(named: "scenario-worker-probe")), jobs: 3)
    var started: [Int] = []
    var finished: [Int] = []
    let results = await pool.run(
      scenarios, seed: 99, started: { started.append($0) }, finished: { index, _ in finished.append(index) })

    #expect(results.map(\.name) == scenarios.map(\.name))
    #expect(results.map(\.file) == scenarios.map(\.file))
    #expect(results.map(\.status) == [.passed, .crashed, .failed, .crashed, .crashed, .passed, .passed])
    #expect(Set(started) == Set(0..<modes.count) && started.count == modes.count)
    #expect(Set(finished) == Set(0..<modes.count) && finished.count == modes.count)

    // The seed reaches the worker, and what it reported comes back whole.
    #expect(results[0].seed == 99)
    #expect(results[0].traceHash == "probe-6")
    #expect(
      results[2].failures.map(\.description) == [
        "\(scenarios[2].file):3:5: snapshot 'after-sentence' differs: expected \"a < b & c\""
      ])

    let trap = results[1]
    #expect(trap.failures.first?.message.contains("was killed by signal") == true, "\(trap.failures)")
    #expect(trap.output.contains("probe worker about to trap"), "\(trap.output)")
    #expect(trap.output.contains("probe worker running"), "\(trap.output)")
    let exit = results[3]
    #expect(
      exit.failures.first?.message.contains("exited with status 3 without a result line") == true, "\(exit.failures)")
    #expect(exit.output.contains("probe worker giving up"))
    #expect(results[4].failures.first?.message.contains("exited without printing a result line") == true)
  }

  @Test func workersStartInTheGivenOrderAndResultsStayInSuiteOrder() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let modes = ["pass", "fail", "pass", "fail", "pass"]
    let scenarios = try modes.enumerated().map { index, mode in
      PlannedScenario(
        file: try folder.write("s/\(index)-\(mode).yaml", "name: \(mode) \(index)\nprobe: \(mode)\n"),
        name: "\(mode) \(index)")
    }
    let executable = try BuiltExecutable.url(named: "scenario-worker-probe")
    // One job: each worker starts when the one before has finished, so the start order is exact.
    let pool = WorkerPool(command: WorkerCommand(executable: executable), jobs: 1)
    var started: [Int] = []
    let results = await pool.run(scenarios, seed: 1, order: [3, 0, 4, 2, 1], started: { started.append($0) })
    #expect(started == [3, 0, 4, 2, 1])
    #expect(results.map(\.name) == scenarios.map(\.name))
    #expect(results.map(\.status) == [.passed, .failed, .passed, .failed, .passed])
    // An order that is not a permutation of the indices falls back to suite order.
    var fallback: [Int] = []
    _ = await pool.run(scenarios, seed: 1, order: [0, 0, 1], started: { fallback.append($0) })
    #expect(fallback == [0, 1, 2, 3, 4])
  }

  @Test func aMissingWorkerExecutableIsReportedPerScenario() async throws {
    let scenario = PlannedScenario(file: "Scenarios/a.yaml", name: "a")
    let pool = WorkerPool(
      command: WorkerCommand(executable: URL(fileURLWithPath: "/nonexistent/speech-replay-worker")), jobs: 2)
    let results = await pool.run([scenario, scenario], seed: nil)
    #expect(results.map(\.status) == [.crashed, .crashed])
    #expect(
      results[0].failures.first?.message.contains("could not start the worker /nonexistent/speech-replay-worker")
        == true)
  }

  @Test func workerArgumentsCarryTheSeedOnlyWhenGiven() {
    let command = WorkerCommand(executable: URL(fileURLWithPath: "/bin/true"))
    #expect(command.arguments(file: "a.yaml", seed: nil) == ["run-scenario", "a.yaml"])
    #expect(command.arguments(file: "a.yaml", seed: 12) == ["run-scenario", "a.yaml", "--seed", "12"])
  }

  @Test func resultLineRoundTripsAndOnlyTheLastLineCounts() throws {
    let result = ScenarioResult(
      name: "n", file: "f.yaml", status: .failed, seed: 3,
      failures: [
        ScenarioFailure("m", check: CheckID(.state, "final"), at: SourceLocation(file: "f.yaml", line: 2, column: 4))
      ],
      wallSeconds: 0.5, virtualSeconds: 2, traceHash: "abc", figures: ["latency": 0.25, "broken": .nan],
      output: "line 1\nline 2")
    let line = ScenarioWorker.resultLine(for: result)
    #expect(!line.contains("\n"))
    let decoded = try #require(ScenarioWorker.result(fromOutput: "chatter\n\(line)\n\n"))
    #expect(decoded.figures["broken"]?.isNaN == true)
    var comparable = decoded
    comparable.figures.remove(named: "broken")
    var expected = result
    expected.figures.remove(named: "broken")
    #expect(comparable == expected)
    #expect(ScenarioWorker.result(fromOutput: "\(line)\nsomething printed after") == nil)
    #expect(ScenarioWorker.result(fromOutput: "") == nil)
  }
}
