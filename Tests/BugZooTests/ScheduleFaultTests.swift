import Foundation
import LiveTranscription
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// The ordering class of bug (issue 31): `appliesResultsInUnstructuredTasks` hands each result to a
/// task of its own. The default first-in first-out order hides it — every bundled scenario passes —
/// while seeded schedules show it: the final of a stop reaches the UI after the stop, and is dropped.
@Suite(.serialized) struct ScheduleFaultTests {
  static let fault = LiveTranscriber.Fault.appliesResultsInUnstructuredTasks
  static let snapshots = SnapshotOptions(record: .never)
  static let stopScenario = TestFiles.scenarios.appendingPathComponent("stop-mid-utterance.yaml").path

  @Test func theDefaultOrderPassesEveryBundledScenario() {
    let runner = ScenarioRunner(subject: .reference(faults: [Self.fault]), snapshots: Self.snapshots)
    for file in BugZooTests.files where !BugZooTests.skippedForVariants.contains(file) {
      let result = runner.run(fileAt: BugZooTests.scenarios.appendingPathComponent(file).path, seed: nil)
      // The 26 path skips the scenario only the 27 SDK can observe.
      #expect(
        result.status == BugZooTests.expectedOn26(file),
        "\(file) catches the ordering fault in the default order: \(result.failures)")
    }
  }

  /// Seeded schedules catch it, and the failure names the class (the order tasks run in) and the
  /// place (the final that never reached the committed text), with the seed to replay it.
  @Test func seededSchedulesCatchItNamingTheClassAndThePlace() throws {
    var runner = ScenarioRunner(subject: .reference(faults: [Self.fault]), snapshots: Self.snapshots)
    var failing: [ScenarioResult] = []
    for seed in UInt64(1)...8 {
      runner.schedule = .seeded(seed)
      let result = runner.run(fileAt: Self.stopScenario, seed: nil)
      #expect(result.scheduleSeed == seed)
      if result.status == .failed { failing.append(result) }
    }
    let first = try #require(failing.first, "no schedule of eight caught the ordering fault")
    let lost = try #require(first.failures.first { $0.check == CheckID(.invariant, "nothing-lost-at-stop") })
    #expect(lost.message.contains("never reached the committed text"), "\(lost.message)")
    let order = try #require(first.failures.first { $0.check == CheckID(.run, "schedule") }, "\(first.failures)")
    #expect(order.message.contains("depend on the order tasks run in"), "\(order.message)")
    #expect(order.message.contains("schedule: { seed: \(first.scheduleSeed!) }"), "\(order.message)")
    // The same schedule fails the same way every time.
    runner.schedule = .seeded(first.scheduleSeed!)
    #expect(runner.run(fileAt: Self.stopScenario, seed: nil).traceHash == first.traceHash)
  }

  /// A short exploration of the stop scenario finds it; the reproducer keeps the schedule it needs
  /// (the fault does not fail without one) and replays it exactly; the reference stack passes it.
  @Test func aShortExplorationFindsItAndTheReproducerNamesItsSchedule() async throws {
    let stop = try ScenarioDocument(fileAt: Self.stopScenario)
    let report = await Explorer(runs: 60, seed: 1).explore(
      [stop], execute: Explorer.inProcess(subject: .reference(faults: [Self.fault])))
    let finding = try #require(
      report.findings.first { $0.signature == "invariant.nothing-lost-at-stop" }, "\(report.findings.map(\.signature))")
    #expect(finding.perturbations.contains { $0.kind == .schedule }, "\(finding.perturbations)")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write(finding.fileName, finding.reproducer(forFileIn: folder.url.path))
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("schedule: {seed: "), "\(text)")
    let again = ScenarioRunner(subject: .reference(faults: [Self.fault]), snapshots: Self.snapshots).run(
      fileAt: file, seed: nil)
    #expect(again.failures.contains { $0.check == CheckID(.invariant, "nothing-lost-at-stop") }, "\(again.failures)")
    let reference = ScenarioRunner(subject: .reference(faults: []), snapshots: Self.snapshots).run(
      fileAt: file, seed: nil)
    #expect(reference.status == .passed, "\(reference.failures)")
  }
}
