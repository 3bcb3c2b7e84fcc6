import Foundation
import SpeechReplay

/// What the history records about one `speech-replay run` besides its results: when it started,
/// on which commit, with which seed, timing mode, shard, host, machine, the tool's version and
/// commit, and the paths it was given.
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
  /// The scenario files and folders the run was given, as given, and `--filter REGEX` when it had
  /// one (empty: not recorded, as for `merge` and runs from before history schema version 4).
  package var paths: [String] = []
  /// The commit speech-replay itself was built from, when its executable sits in a git checkout.
  package var toolCommit: String?
  /// The machine: operating system, architecture and processor count (`nil` for older runs).
  package var machine: String?

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

  /// Whether the run was given a label (`run --label`), rather than named after its commit: a
  /// labelled run is what `compare --baseline last-labelled` and `compare` without `--baseline` prefer.
  package var isLabelled: Bool {
    guard let label else { return false }
    return label != gitCommit.map { String($0.prefix(12)) }
  }

  /// Whether the run was given the same paths and shard as `other` (both recorded their paths).
  ///
  /// - Parameter other: Another run's metadata.
  /// - Returns: Whether they covered the same scenario files by what they were given.
  package func coversSamePaths(as other: RunMetadata) -> Bool {
    !paths.isEmpty && paths.sorted() == other.paths.sorted() && shard == other.shard
  }

  /// Whether the run covered the scenario file `file`: one of its paths is the file or a folder
  /// holding it, and it was neither one shard of several nor filtered (`--filter`, recorded among
  /// the paths as `--filter REGEX`). A run that recorded no paths covers every file.
  ///
  /// - Parameter file: A scenario file as a run recorded it.
  /// - Returns: Whether the run would have run it.
  package func covers(_ file: String) -> Bool {
    guard !paths.isEmpty else { return true }
    // One shard, or a filtered run, ran only some of the files under its paths.
    guard shard == nil, !paths.contains(where: { $0.hasPrefix("--filter ") }) else { return false }
    let target = Self.normalized(file)
    return paths.map(Self.normalized).contains { $0 == target || $0 == "." || target.hasPrefix($0 + "/") }
  }

  static func normalized(_ path: String) -> String {
    var path = path
    while path.hasPrefix("./") { path.removeFirst(2) }
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return path.isEmpty ? "." : path
  }

  /// This machine: `Linux x86_64, 2 CPUs`.
  package static var currentMachine: String {
    #if os(Linux)
      let system = "Linux"
    #elseif os(macOS)
      let system = "macOS"
    #else
      let system = "unknown OS"
    #endif
    #if arch(x86_64)
      let architecture = "x86_64"
    #elseif arch(arm64)
      let architecture = "arm64"
    #else
      let architecture = "unknown architecture"
    #endif
    return "\(system) \(architecture), \(ProcessInfo.processInfo.activeProcessorCount) CPUs"
  }

  /// The commit of the checkout the running executable was built in (`.build/debug/speech-replay`
  /// sits inside it), or `nil` for an installed binary.
  package static var currentToolCommit: String? {
    let executable = CLIContext.ownExecutable.resolvingSymlinksInPath()
    guard executable.path.contains("/.build/") else { return nil }
    return GitCommit.current(in: executable.deletingLastPathComponent().path)
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
