import Foundation
import SpeechReplay

/// `explore --json FILE`: the exploration's figures and its findings, grouped by check and cause,
/// each with the failing runs it stands for and its reproducer (Documentation/Explore.md, "The JSON report").
struct ExploreJSONReport: Encodable {
  /// One finding: a check and a cause.
  struct Finding: Encodable {
    /// The check of its first failure (`invariant.nothing-lost-at-stop`).
    var check: String
    /// What the shrunk reproducer needs: the perturbation kinds kept, and the place the failure names.
    var cause: Cause
    /// The other checks the same cause broke in the shrunk run.
    var alsoBroke: [String]
    /// How many failing runs it stands for.
    var failingRuns: Int
    /// Those runs (1-based, as the console numbers them) with their own seeds.
    var runs: [Run]
    /// The scenario file the run that found it perturbed.
    var scenarioFile: String
    /// The reproducer file under `--out`.
    var reproducer: String
    /// The shrunk perturbations, one-line YAML each, and those of the run that found it.
    var perturbations: [String]
    var foundWith: [String]
    /// The shrunk scenario's top-level steps, and the runs shrinking took.
    var steps: Int
    var shrinkRuns: Int
    /// The failure's message and the trap it points at.
    var message: String
    var trap: String?
  }

  /// A finding's cause.
  struct Cause: Encodable {
    var kinds: [String]
    var place: String?
  }

  /// A failing run.
  struct Run: Encodable {
    var run: Int
    var seed: UInt64
  }

  var seed: UInt64
  var runs: Int
  var invalidRuns: Int
  var failingRuns: Int
  var shrinkRuns: Int
  var wallSeconds: Double
  var runsPerSecond: Double
  var stoppedByTimeLimit: Bool
  var stoppedByInterruption: Bool
  /// Findings in the order they were found.
  var findings: [Finding]
  /// Failing runs per check that no finding covers once the check's shrinks were spent.
  var ungroupedRuns: [String: Int]

  /// The report of `report`, whose findings' reproducers are `reproducers` (in order).
  init(_ report: ExplorationReport, seed: UInt64, reproducers: [String]) {
    self.seed = seed
    runs = report.runs
    invalidRuns = report.invalidRuns
    failingRuns = report.failingRuns
    shrinkRuns = report.shrinkRuns
    wallSeconds = report.wallSeconds
    runsPerSecond = report.wallSeconds > 0 ? Double(report.runs + report.shrinkRuns) / report.wallSeconds : 0
    stoppedByTimeLimit = report.stoppedByTimeLimit
    stoppedByInterruption = report.stoppedByInterruption
    findings = zip(report.findings, reproducers).map { finding, file in
      Finding(
        check: finding.signature, cause: Cause(kinds: finding.cause.kinds, place: finding.cause.place),
        alsoBroke: finding.alsoBroke.map(\.description), failingRuns: finding.hits.count,
        runs: finding.hits.map { Run(run: $0.run, seed: $0.seed) }, scenarioFile: finding.scenarioFile,
        reproducer: file, perturbations: finding.perturbations.map(\.description),
        foundWith: finding.foundWith.map(\.description), steps: finding.stepCount, shrinkRuns: finding.shrinkRuns,
        message: finding.failure.message, trap: finding.failure.trap)
    }
    ungroupedRuns = Dictionary(uniqueKeysWithValues: report.ungroupedRuns.map { ($0.key.description, $0.value) })
  }

  /// The report as JSON, keys sorted.
  func data() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }
}
