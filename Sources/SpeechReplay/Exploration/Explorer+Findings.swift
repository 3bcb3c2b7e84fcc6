extension Explorer {
  /// Records one failing run in `report`: as another run of the first finding that covers it
  /// (``ExplorationFinding/covers(_:runKinds:scenario:)``), else shrunk — and then one finding with
  /// the first whose shrunk reproducer agrees (``ExplorationFinding/isSame(as:)``), or a new
  /// finding, told to ``found``.
  ///
  /// A check's failing runs are shrunk at most ``shrinksPerCheck`` times; later runs of it that no
  /// finding covers are counted in ``ExplorationReport/ungroupedRuns``.
  func record(
    failing result: ScenarioResult, of candidate: ExplorationCandidate, run: Int, base: ScenarioDocument,
    into report: inout ExplorationReport, status: inout ExplorationProgress, execute: @escaping Execute,
    deadline: ContinuousClock.Instant?
  ) async {
    report.failingRuns += 1
    status.failingRuns = report.failingRuns
    guard let first = result.failures.first else { return }
    let hit = ExplorationFinding.Hit(run: (run - (shard - 1)) / max(1, shardCount) + 1, seed: candidate.seed)
    let runKinds = Set(candidate.perturbations.map(\.causeKind))
    if let index = report.findings.firstIndex(where: { $0.covers(first, runKinds: runKinds, scenario: base.file) }) {
      report.findings[index].hits.append(hit)
      return
    }
    guard report.shrinksByCheck[first.check, default: 0] < shrinksPerCheck else {
      report.ungroupedRuns[first.check, default: 0] += 1
      return
    }
    report.shrinksByCheck[first.check, default: 0] += 1
    let signature = ExplorationFinding.signature(of: first)
    status.shrinking = "'\(signature)'"
    progress(status)
    var shrinker = ExplorationShrinker(execute: execute, batchSize: batchSize, budget: shrinkBudget, deadline: deadline)
    shrinker.isInterrupted = isInterrupted
    let shown = status
    let shrunk = await shrinker.shrink(
      base: base, perturbations: candidate.perturbations, seed: candidate.seed, failure: first,
      failingDocument: candidate.document
    ) { runs in
      var line = shown
      line.shrinking = "'\(signature)' (\(runs) runs)"
      progress(line)
    }
    report.shrinkRuns += shrinker.runsUsed
    status.shrinking = nil
    let failure = shrunk.failure ?? first
    var broke: [ExplorationFinding.Broken] = []
    for each in [failure, first] + (shrunk.failure == nil ? result.failures : shrunk.failures) {
      let broken = ExplorationFinding.Broken(each)
      if !broke.contains(broken) { broke.append(broken) }
    }
    let finding = ExplorationFinding(
      scenarioFile: base.file, seed: seed, run: hit.run, signature: signature, foundWith: candidate.perturbations,
      perturbations: shrunk.perturbations, document: shrunk.document, failure: failure,
      shrinkRuns: shrinker.runsUsed,
      cause: ExplorationFinding.Cause(perturbations: shrunk.perturbations, failure: failure, scenario: base.file),
      broke: broke, hits: [hit])
    // Shrunk to a cause that agrees with a finding's, for a check it broke: the same bug, reached
    // another way. The first finding keeps its reproducer (already written).
    if let index = report.findings.firstIndex(where: { $0.isSame(as: finding) }) {
      let known = report.findings[index].broke
      report.findings[index].hits.append(hit)
      report.findings[index].broke += broke.filter { !known.contains($0) }
      return
    }
    report.findings.append(finding)
    found(finding)
    status.findings = report.findings.count
  }
}
