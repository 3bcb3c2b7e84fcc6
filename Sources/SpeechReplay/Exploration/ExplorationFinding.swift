import Foundation

/// A failure an exploration found, shrunk: the smallest scenario (fewest perturbations, simplest
/// values, fewest steps) that still fails the same way, ready to be written as a scenario file.
package struct ExplorationFinding: Sendable {
  /// The scenario file the run perturbed.
  package var scenarioFile: String
  /// The exploration's seed.
  package var seed: UInt64
  /// The run that found it (1-based): how many runs the exploration needed.
  package var run: Int
  /// The failure's kind: the invariant's identifier, or the start of the message.
  package var signature: String
  /// The perturbations of the failing run, before shrinking.
  package var foundWith: [Perturbation]
  /// The perturbations left after shrinking.
  package var perturbations: [Perturbation]
  /// The shrunk scenario.
  package var document: ScenarioDocument
  /// The failure the shrunk scenario gives on its own.
  package var failure: ScenarioFailure
  /// Runs the shrinking took.
  package var shrinkRuns: Int
  /// What the shrunk reproducer needs to fail (the kinds shrinking kept, the place the failure names).
  package var cause = Cause(kinds: [])
  /// The checks the shrunk run broke, with the places they name: ``failure``'s first, then the others.
  package var broke: [Broken] = []
  /// The failing runs this finding stands for, the one that found it first.
  package var hits: [Hit] = []

  /// The other checks the same cause broke in the shrunk run ("also broke: …"), each once.
  package var alsoBroke: [CheckID] {
    var seen: Set<CheckID> = [failure.check]
    return broke.map(\.check).filter { seen.insert($0).inserted }
  }

  /// Whether a failing run of `scenario` whose first failure is `first`, perturbed by kinds
  /// `runKinds`, is this finding again: its first failure is one of the checks the cause broke, at
  /// the same place, and the run has every kind the cause needs — or the failure points at the
  /// same trap, the same mistake of the stack reached through other perturbations.
  package func covers(_ first: ScenarioFailure, runKinds: Set<String>, scenario: String) -> Bool {
    let key = Broken(first)
    if key.trap != nil, broke.contains(key) { return true }
    return broke.contains { $0.isAt(key) } && cause.isNeeded(within: runKinds, scenario: scenario)
  }

  /// Whether `other`, just shrunk, is this finding reached again: its first check is one this
  /// finding's cause broke, at the same place, and the causes agree (``Cause/agrees(with:)``) or
  /// the failures point at the same trap.
  package func isSame(as other: ExplorationFinding) -> Bool {
    guard let key = other.broke.first, broke.contains(where: { $0.isAt(key) }) else { return false }
    return (key.trap != nil && broke.contains(key)) || cause.agrees(with: other.cause)
  }

  /// A file name for the reproducer: `explore-<scenario>-<signature>.yaml`.
  package var fileName: String {
    let scenario = ((scenarioFile as NSString).lastPathComponent as NSString).deletingPathExtension
    let slug = signature.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
    let compact = String(slug).split(separator: "-").prefix(6).joined(separator: "-")
    return "explore-\(scenario)-\(compact).yaml"
  }

  /// Top-level steps of the shrunk scenario.
  package var stepCount: Int { document.steps.count }

  /// The reproducer: an ordinary scenario file for a file in `folder` (paths rewritten relative to
  /// it), headed by comments with the commands that found and reproduce it, the perturbations and
  /// the failure message.
  /// - Parameters:
  ///   - folder: The folder the reproducer is written to.
  ///   - foundBy: The complete command that ran the exploration (its executable, every explored
  ///     file, the seed, the runs, the subject); by default a `speech-replay explore` of this file.
  ///   - reproducedBy: The complete command that runs the reproducer alone; by default
  ///     `speech-replay run <this file>`.
  /// - Returns: The scenario file's text.
  package func reproducer(forFileIn folder: String, foundBy: String? = nil, reproducedBy: String? = nil) -> String {
    var lines = [
      "# Found by `\(foundBy ?? "speech-replay explore \(scenarioFile) --seed \(seed)")` in run \(run); shrunk in \(shrinkRuns) runs.",
      "# It fails on its own: `\(reproducedBy ?? "speech-replay run <this file>")`. Keep it in the suite once the stack is fixed",
      "# (see Documentation/Explore.md).",
      "# Perturbations (shrunk) of \(scenarioFile):",
    ]
    lines +=
      perturbations.isEmpty
      ? ["#   (none: the scenario fails with fewer steps alone)"] : perturbations.map { "#   - \($0)" }
    lines += grouping
    lines.append("# Perturbations of the failing run before shrinking:")
    lines += foundWith.map { "#   - \($0)" }
    lines.append("# Failure:")
    lines += failure.message.split(separator: "\n", omittingEmptySubsequences: false).map { "#   \($0)" }
    // Its own name: a suite holding both the scenario and its reproducer must tell them apart
    // (the history and `compare` key results by name).
    var document = document
    let original =
      document.value(at: [ScenarioKeys.name])?.string
      ?? ((scenarioFile as NSString).lastPathComponent as NSString).deletingPathExtension
    document.set(
      scalar: "\(original) (explore reproducer: \(signature), seed \(seed), run \(run))", at: [ScenarioKeys.name])
    return lines.joined(separator: "\n") + "\n" + document.yaml(forFileIn: folder)
  }

  /// The reproducer's comment lines on what this finding groups: its check and cause, the other
  /// checks the cause broke, and the failing runs (numbers and seeds) it stands for.
  var grouping: [String] {
    var lines = [
      "# Finding: \(signature), caused by \(cause) (the failing runs whose shrunk reproducers need the same are one finding)."
    ]
    if !alsoBroke.isEmpty { lines.append("# Also broke: \(alsoBroke.map(\.description).joined(separator: ", ")).") }
    if !hits.isEmpty {
      lines.append("# Failing runs it stands for: \(hits.count) — \(hitList(withSeeds: true)).")
    }
    return lines
  }

  /// The first ``hitsShown`` runs (`21 (seed 4411)`, or `21` without seeds), then how many more.
  package func hitList(withSeeds: Bool) -> String {
    let shown = hits.prefix(Self.hitsShown).map { withSeeds ? "run \($0.run) (seed \($0.seed))" : "\($0.run)" }
    let more = hits.count > Self.hitsShown ? ", … \(hits.count - Self.hitsShown) more" : ""
    return shown.joined(separator: ", ") + more
  }

  /// How many of a finding's runs its reproducer and the console name.
  package static let hitsShown = 10

  /// The signature of a failure: the identity of the check that failed (`invariant.nothing-lost-at-stop`,
  /// `state.final`), so runs of other lengths and other words compare equal and the shrinker keeps
  /// the same check failing.
  package static func signature(of failure: ScenarioFailure) -> String { failure.check.description }
}
