import Foundation
import LiveTranscription
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// `explore` reports a stack's real bugs once each (Documentation/Explore.md, "Findings"): the
/// bug-zoo faults, explored in this process with the CLI's default seed, each give one finding with
/// the count of the runs they broke, and two faults at once give two findings.
@Suite(.serialized) struct ExplorationGroupingZooTests {
  static func explore(
    _ faults: Set<LiveTranscriber.Fault>, _ files: [String], runs: Int, seed: UInt64 = 1
  ) async throws -> ExplorationReport {
    let documents = try files.map { try ScenarioDocument(fileAt: TestFiles.scenarios.appendingPathComponent($0).path) }
    return await Explorer(runs: runs, seed: seed).explore(
      documents, execute: Explorer.inProcess(subject: .reference(faults: faults)))
  }

  /// Every failing run is counted once, in the finding it is.
  static func expectEveryRunCounted(_ report: ExplorationReport) {
    let counted = report.findings.map(\.hits.count).reduce(0, +) + report.ungroupedRuns.values.reduce(0, +)
    #expect(counted == report.failingRuns, "\(report.findings.map { "\($0.signature) \($0.cause) \($0.hits.count)" })")
  }

  /// One fault over many runs: one finding, whose count is every failing run.
  @Test func oneFaultOverManyRunsIsOneFindingWithACount() async throws {
    let report = try await Self.explore(
      [.skipsConverterWhenRatesMatch], ["hello-world.yaml", "two-commands.yaml"], runs: 80)
    let summary = report.findings.map { "\($0.signature): \($0.cause), \($0.hits.map(\.run)) runs" }
    #expect(report.findings.count == 1, "\(summary)")
    let finding = try #require(report.findings.first)
    #expect(finding.signature == "invariant.analyzer-input-format")
    // A microphone at 16 kHz from the start, or a route to one: the same mistake (the failures point
    // at the same trap), one finding.
    #expect(finding.cause.kinds.contains("hardware"), "\(finding.cause)")
    #expect(report.failingRuns >= 3)
    #expect(finding.hits.count == report.failingRuns)
    #expect(Set(finding.hits.map(\.run)).count == finding.hits.count)
    #expect(finding.reproducer(forFileIn: ".").contains("# Failing runs it stands for: \(report.failingRuns) — "))
  }

  /// Two faults at once, each broken through its own perturbation: two findings, one each, and every
  /// failing run in one of them.
  @Test func twoFaultsAtOnceGiveTwoFindings() async throws {
    let report = try await Self.explore(
      [.skipsConverterWhenRatesMatch, .capitalizesCommittedTextAtStop], ["hello-world.yaml", "two-commands.yaml"],
      runs: 40)
    let summary = report.findings.map { "\($0.signature): \($0.cause), \($0.hits.count) runs" }
    #expect(
      report.findings.map(\.signature).sorted() == [
        "invariant.analyzer-input-format", "invariant.committed-append-only",
      ],
      "\(summary)")
    #expect(report.findings.allSatisfy { !$0.hits.isEmpty })
    Self.expectEveryRunCounted(report)
  }
}
