import Foundation
import SpeechReplayTestSupport
import Testing

@testable import SpeechReplay

/// `explore` groups failing runs into findings by check and cause (Documentation/Explore.md,
/// "Findings"): runs whose shrunk reproducers need the same perturbation kinds are one finding with
/// a count, one cause breaking several checks is listed once, and one check broken by two causes
/// is two findings. A stand-in executor makes the failures a function of each run's perturbations.
@Suite struct ExplorationGroupingTests {
  /// A run fails when its perturbations hold a `hardware` edit (both `run.standInA` and
  /// `run.standInB`; B first when the run also has a `route` edit) or a `network` flip (`run.standInA`
  /// alone). Shrinking's runs follow the same rule.
  static let execute: Explorer.Execute = { candidates in
    candidates.map { candidate in
      let kinds = Set(candidate.perturbations.map(\.kind))
      var failures: [ScenarioFailure] = []
      if kinds.contains(.hardware) {
        let a = ScenarioFailure("stand-in A: the hardware broke it", check: CheckID(.run, "standInA"))
        let b = ScenarioFailure("stand-in B: the hardware broke it too", check: CheckID(.run, "standInB"))
        failures += kinds.contains(.route) ? [b, a] : [a, b]
      } else if kinds.contains(.network) {
        failures.append(ScenarioFailure("stand-in A: the network broke it", check: CheckID(.run, "standInA")))
      }
      return ScenarioResult(
        name: candidate.scenario.name, file: candidate.document.file, status: failures.isEmpty ? .passed : .failed,
        seed: candidate.seed, failures: failures)
    }
  }

  static func explore(runs: Int) async throws -> ExplorationReport {
    let documents = try ["hello-world.yaml", "two-commands.yaml"].map {
      try ScenarioDocument(fileAt: TestFiles.scenarios.appendingPathComponent($0).path)
    }
    return await Explorer(runs: runs, seed: 4).explore(documents, execute: execute)
  }

  @Test func findingsAreOnePerCheckAndCause() async throws {
    let report = try await Self.explore(runs: 80)
    let causes = report.findings.map(\.cause.kinds)
    #expect(causes.sorted { $0.description < $1.description } == [["hardware"], ["network"]], "\(causes)")
    // The hardware breaks both checks in every run: one finding, the other check named once.
    let hardware = try #require(report.findings.first { $0.cause.kinds == ["hardware"] })
    let checks = Set([hardware.failure.check] + hardware.alsoBroke).map(\.description).sorted()
    #expect(checks == ["run.standInA", "run.standInB"], "\(checks)")
    #expect(hardware.alsoBroke.count == 1)
    // The network breaks check A too: a finding of its own, under the same check.
    let network = try #require(report.findings.first { $0.cause.kinds == ["network"] })
    #expect(network.failure.check == CheckID(.run, "standInA"))
    #expect(network.alsoBroke.isEmpty)
    // Every failing run is counted once, in the finding it is.
    #expect(report.failingRuns > 10)
    #expect(report.findings.map(\.hits.count).reduce(0, +) == report.failingRuns)
    #expect(report.ungroupedRuns.isEmpty)
    #expect(hardware.hits.count > 1 && network.hits.count > 1, "\(hardware.hits.count), \(network.hits.count)")
    for finding in report.findings {
      #expect(finding.hits.first?.run == finding.run)
      #expect(finding.hits.map(\.run) == finding.hits.map(\.run).sorted())
    }
    // Each is shrunk once: a later run of the same cause is counted without shrinking.
    #expect(report.shrinksByCheck.values.reduce(0, +) == 2, "\(report.shrinksByCheck)")
  }

  @Test func theReproducerSaysTheGrouping() async throws {
    let report = try await Self.explore(runs: 40)
    let finding = try #require(report.findings.first { $0.cause.kinds == ["hardware"] })
    let text = finding.reproducer(forFileIn: ".")
    #expect(text.contains("# Finding: \(finding.signature), caused by hardware"), "\(text)")
    #expect(text.contains("# Also broke: run.standIn"), "\(text)")
    #expect(text.contains("# Failing runs it stands for: \(finding.hits.count) — run \(finding.run) (seed "), "\(text)")
  }

  /// A check's shrinks are bounded: past the bound, runs no finding covers are counted, not shrunk.
  @Test func shrinksPerCheckAreBounded() async throws {
    let documents = try ["hello-world.yaml"].map {
      try ScenarioDocument(fileAt: TestFiles.scenarios.appendingPathComponent($0).path)
    }
    var explorer = Explorer(runs: 60, seed: 4)
    explorer.shrinksPerCheck = 1
    let report = await explorer.explore(documents, execute: Self.execute)
    #expect(report.shrinksByCheck.values.allSatisfy { $0 <= 1 }, "\(report.shrinksByCheck)")
    let counted = report.findings.map(\.hits.count).reduce(0, +) + report.ungroupedRuns.values.reduce(0, +)
    #expect(counted == report.failingRuns)
  }

  @Test func theCauseNamesFaultsAndPlaces() {
    #expect(Perturbation.analyzerStop(at: 1).causeKind == "speechFault: analyzerStops")
    #expect(Perturbation.audioSystem(at: 1, fault: .mediaServicesReset).causeKind == "audioSystem: mediaServicesReset")
    #expect(
      Perturbation.audioSystem(at: 1, fault: .activationFails(.siriIsRecording)).causeKind
        == "audioSystem: activationFails")
    #expect(Perturbation.hardware(sampleRate: 16000, channels: 1).causeKind == "hardware")
    let timer =
      "left behind after the stop at 2s: a repeating timer of the stack (a sleep, in task 'meter', every 1s since 300ms, armed 4 times since 300ms), next due at 4.3s, is still scheduled"
    #expect(ExplorationFinding.Cause.place(in: timer) == "task 'meter'")
    #expect(
      ExplorationFinding.Cause.place(in: "left behind: 2 continuations 'startup' still waiting (made at 1s)")
        == "continuation 'startup'")
    #expect(ExplorationFinding.Cause.place(in: "the committed text changed from \"a\" to \"b\"") == nil)
    let cause = ExplorationFinding.Cause(kinds: ["route", "hardware", "route"], place: "task 'meter'")
    #expect(cause.kinds == ["hardware", "route"])
    #expect(cause.description == "hardware + route, at task 'meter'")
    #expect(cause.isNeeded(within: ["hardware", "route", "network"], scenario: "a.yaml"))
    #expect(!cause.isNeeded(within: ["hardware"], scenario: "a.yaml"))
    // A scenario that fails alone is its own cause: it covers no run of another scenario.
    let alone = ExplorationFinding.Cause(kinds: [], scenario: "a.yaml")
    #expect(alone.description == "no perturbation")
    #expect(alone.isNeeded(within: ["route"], scenario: "a.yaml"))
    #expect(!alone.isNeeded(within: ["route"], scenario: "b.yaml"))
    #expect(ExplorationFinding.Cause(kinds: ["hardware"]).agrees(with: cause))
    #expect(!ExplorationFinding.Cause(kinds: ["network"]).agrees(with: cause))
    #expect(!alone.agrees(with: ExplorationFinding.Cause(kinds: [], scenario: "b.yaml")))
  }
}
