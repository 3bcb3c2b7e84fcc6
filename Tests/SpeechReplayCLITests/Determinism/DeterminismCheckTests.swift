import Foundation
import ReferenceSubjects
import Simulation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// A subject that shows a number from system random: deliberately not deterministic.
@MainActor
final class RandomSubject: TranscriptionSubject {
  private(set) var uiState = UIState()
  private var onChange: (@MainActor () -> Void)?

  func start() async {
    uiState = UIState(volatile: "token \(UInt64.random(in: 0...UInt64.max))", phase: .listening)
    onChange?()
  }

  func stop() async {
    uiState = UIState(phase: .idle)
    onChange?()
  }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { self.onChange = onChange }
}

@Suite("Determinism self-check")
struct DeterminismCheckTests {
  @Test func theFirstDivergenceIsFoundAtItsIndex() {
    #expect(TraceDivergence.first(expected: ["a", "b"], actual: ["a", "b"]) == nil)
    #expect(
      TraceDivergence.first(expected: ["a", "b", "c"], actual: ["a", "x", "c"])
        == .init(index: 1, expected: "b", actual: "x"))
    #expect(
      TraceDivergence.first(expected: ["a"], actual: ["a", "extra"]) == .init(index: 1, expected: nil, actual: "extra"))
  }

  @Test func aSubjectThatReadsSystemRandomFailsTheCheckWithTheDivergentEvent() throws {
    let runner = ScenarioRunner(subject: SubjectFactory(name: "random") { _ in RandomSubject() })
    let scenario = Scenario(
      name: "random", file: "random.yaml",
      steps: [
        .init(.start, at: SourceLocation(file: "random.yaml", line: 3, column: 5)),
        .init(.stop, at: SourceLocation(file: "random.yaml", line: 4, column: 5)),
      ])
    let first = runner.replay(scenario, seed: 5)
    let second = runner.replay(scenario, seed: 5)
    #expect(first.result.status == .passed)
    let checked = DeterminismCheck.check(
      first: first.result, second: second.result, firstTrace: first.timeline.events.map(\.canonicalLine),
      secondTrace: second.timeline.events.map(\.canonicalLine))
    #expect(checked.status == .failed)
    let message = try #require(checked.failures.last?.message)
    let divergence = try #require(
      second.timeline.events.firstDivergence(from: first.timeline.events))
    #expect(divergence.expected?.contains("token") == true)
    #expect(
      message.contains(
        "first divergent event #\(divergence.index): expected \(divergence.expected!), actual \(divergence.actual!)"))
    #expect(
      message.hasPrefix(
        "the scenario is not deterministic: two runs with seed 5 gave trace hashes \(first.result.traceHash) and \(second.result.traceHash)"
      ))
  }

  @Test func aBundledScenarioPassesTheCheckInProcess() throws {
    let runner = ScenarioRunner(subject: .reference)
    let file = TestFiles.scenarios.appendingPathComponent("hello-world.yaml").path
    let first = runner.replay(fileAt: file, seed: nil)
    let second = runner.replay(fileAt: file, seed: nil)
    let checked = DeterminismCheck.check(
      first: first.result, second: second.result, firstTrace: first.timeline.events.map(\.canonicalLine),
      secondTrace: second.timeline.events.map(\.canonicalLine))
    #expect(checked == second.result)
    #expect(checked.status == .passed)
  }

  @Test func twoWorkerProcessesPerScenarioCatchARandomWorker() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scenarios = [
      PlannedScenario(file: try folder.write("steady.yaml", "name: steady\nprobe: pass\n"), name: "steady"),
      PlannedScenario(file: try folder.write("random.yaml", "name: random\nprobe: random\n"), name: "random"),
    ]
    var reported: [Int] = []
    let results = await DeterminismRun(executable: try BuiltExecutable.url(named: "scenario-worker-probe"), jobs: 2)
      .run(
        scenarios, seed: 3,
        finished: { index, _ in
          reported.append(index)
        })
    #expect(reported.sorted() == [0, 1])
    #expect(results[0].status == .passed)
    #expect(results[0].failures.isEmpty)
    #expect(results[1].status == .failed)
    let message = try #require(results[1].failures.last?.message)
    #expect(message.contains("first divergent event #1: expected #1 0.500000000 probe.random token="), "\(message)")
    #expect(message.contains(", actual #1 0.500000000 probe.random token="), "\(message)")
  }
}
