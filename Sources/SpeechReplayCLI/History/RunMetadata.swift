import Foundation
import SpeechReplay

/// What the history records about one `speech-replay run` besides its results: when it started,
/// on which commit, with which seed, timing mode, shard, host and tool version.
package struct RunMetadata: Sendable, Hashable, Codable {
  /// When the run started.
  package var startedAt: Date
  /// The git commit the working directory was on, when it is a git checkout.
  package var gitCommit: String?
  /// The seed override the run used; `nil` when each scenario used its own seed.
  package var seed: UInt64?
  /// The timing mode: `unaware` (model compute is free) or `aware` (a declared model cost is charged).
  package var mode: String
  /// The shard (`INDEX/COUNT`) when the run was one part of the suite.
  package var shard: String?
  /// The machine's host name.
  package var host: String
  /// The version of speech-replay that ran.
  package var toolVersion: String
  /// What the run is called on the trend page (`run --label`; by default the commit's first 12 digits).
  package var label: String?

  /// Creates run metadata.
  ///
  /// - Parameters:
  ///   - startedAt: When the run started.
  ///   - gitCommit: The commit, when known.
  ///   - seed: The seed override, when one was given.
  ///   - mode: The timing mode (`unaware` by default).
  ///   - shard: The shard, when the run was one.
  ///   - host: The host name (this machine's by default).
  ///   - toolVersion: The tool's version.
  ///   - label: The run's label (`nil`: none given and no commit).
  package init(
    startedAt: Date = Date(), gitCommit: String? = nil, seed: UInt64? = nil, mode: String = "unaware",
    shard: String? = nil,
    host: String = ProcessInfo.processInfo.hostName, toolVersion: String = RunMetadata.toolVersion, label: String? = nil
  ) {
    self.label = label
    self.startedAt = startedAt
    self.gitCommit = gitCommit
    self.seed = seed
    self.mode = mode
    self.shard = shard
    self.host = host
    self.toolVersion = toolVersion
  }

  /// The label a run is recorded with: the one given (`run --label`), else the commit's first 12
  /// digits when the working directory is a git checkout, else none.
  ///
  /// - Parameters:
  ///   - given: The `--label` option.
  ///   - commit: The checkout's commit.
  /// - Returns: The label.
  package static func label(given: String?, commit: String?) -> String? {
    if let given, !given.isEmpty { return given }
    return commit.map { String($0.prefix(12)) }
  }

  /// A run's name for people: its label, else `run ID`.
  ///
  /// - Parameter id: The run's id.
  /// - Returns: The name.
  package func shownName(id: Int64) -> String { label ?? "run \(id)" }

  /// The version recorded for runs of this build.
  package static let toolVersion = "0.6.0-dev"
}

extension RunMetadata {
  /// The run's timing mode from its results' `timing.modelCost` figures: `unaware` when every scenario
  /// ran with free model compute, `aware` when every one charged a model cost, `mixed` otherwise.
  package static func timingMode(of results: [ScenarioResult]) -> String {
    let aware = results.map { ($0.figures["timing.modelCost"] ?? 0) > 0 }
    if aware.allSatisfy({ !$0 }) { return "unaware" }
    return aware.allSatisfy { $0 } ? "aware" : "mixed"
  }
}
