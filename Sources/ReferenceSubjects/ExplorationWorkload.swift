import Foundation
public import SpeechReplay

/// Exploration on the reference stack in this process, for the explore-throughput benchmark
/// (`Benchmarks/Benchmarks/Explore`, through the underscored product `_BenchmarkWorkloads`; not API).
public enum ExplorationWorkload {
  /// Explores `files` for `runs` seeded runs in this process, shrinking nothing.
  /// - Parameters:
  ///   - files: Scenario files.
  ///   - runs: How many perturbed runs.
  ///   - seed: The exploration's seed.
  /// - Returns: The runs done and the failing runs among them.
  /// - Throws: `ScenarioError` for a file that cannot be read.
  public static func explore(files: [String], runs: Int, seed: UInt64) async throws -> (runs: Int, failing: Int) {
    let documents = try files.map { path throws(ScenarioError) in try ScenarioDocument(fileAt: path) }
    var explorer = Explorer(runs: runs, seed: seed)
    explorer.shrinkBudget = 0  // throughput of runs, not of shrinking
    let report = await explorer.explore(documents, execute: Explorer.inProcess(subject: .reference))
    return (report.runs, report.failingRuns)
  }
}
