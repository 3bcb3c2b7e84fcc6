import Yams

/// Shrinks a failing run to the smallest scenario that still fails the same way (the same
/// check, for the same reason, at the same point: ``FailureIdentity``): first the perturbations (drop one, or replace it by a
/// simpler version), then the steps of the perturbed scenario (drop one, halve a `play` or `wait`,
/// run a cycle once), each time taking the first simpler candidate that still fails, until no
/// candidate does or the budget of runs is spent.
///
/// Candidates are tried in a fixed order and the first failing one wins, so the result does not
/// depend on how many run at once.
package struct ExplorationShrinker {
  let execute: Explorer.Execute
  let batchSize: Int
  let budget: Int
  /// When the exploration's `--time-limit` ends: shrinking stops there too, with what it has
  /// (every step it took still fails, so the reproducer fails on its own). Nil for none.
  let deadline: ContinuousClock.Instant?
  /// Whether the exploration was interrupted (Ctrl-C): shrinking stops with what it has, as at the deadline.
  var isInterrupted: @Sendable () -> Bool = { false }
  /// Runs taken so far.
  private(set) var runsUsed = 0

  init(execute: @escaping Explorer.Execute, batchSize: Int, budget: Int, deadline: ContinuousClock.Instant? = nil) {
    self.execute = execute
    self.batchSize = max(1, batchSize)
    self.budget = budget
    self.deadline = deadline
  }

  /// Whether another run may start: budget left and time left.
  private var mayRun: Bool {
    runsUsed < budget && deadline.map { ContinuousClock.now < $0 } ?? true && !isInterrupted()
  }

  /// Shrinks the failing run of `perturbations` on `base`, whose first failure was `failure` (on
  /// `failingDocument`): a candidate is taken only when it fails with the same ``FailureIdentity``.
  mutating func shrink(
    base: ScenarioDocument, perturbations: [Perturbation], seed: UInt64, failure found: ScenarioFailure,
    failingDocument: ScenarioDocument, progress: (Int) -> Void
  ) async -> Shrunk {
    let target = FailureIdentity(found, in: failingDocument)
    var current = perturbations
    var failure: ScenarioFailure?
    var failures: [ScenarioFailure] = []
    // 1. Perturbations: fewer, then simpler.
    while mayRun {
      var options: [[Perturbation]] = current.indices.map { index in
        var fewer = current
        fewer.remove(at: index)
        return fewer
      }
      for (index, perturbation) in current.enumerated() {
        for simpler in perturbation.simpler {
          var next = current
          next[index] = simpler
          options.append(next)
        }
      }
      let candidates = options.compactMap { Explorer.candidate(base: base, perturbations: $0, seed: seed) }
      guard let (found, message, all) = await firstFailing(candidates, target: target, progress: progress) else {
        break
      }
      current = found.perturbations
      (failure, failures) = (message, all)
    }
    guard var document = Explorer.candidate(base: base, perturbations: current, seed: seed)?.document else {
      return Shrunk(perturbations: current, document: base, failure: failure, failures: failures)
    }
    // 2. Steps: fewer, shorter.
    while mayRun {
      let candidates = Self.smallerSteps(of: document).compactMap {
        Explorer.candidate(document: $0, perturbations: current, seed: seed)
      }
      guard let (found, message, all) = await firstFailing(candidates, target: target, progress: progress) else {
        break
      }
      document = found.document
      (failure, failures) = (message, all)
    }
    return Shrunk(perturbations: current, document: document, failure: failure, failures: failures)
  }

  /// The first candidate, in order, that fails the same way as `target`, that failure, and all of
  /// the run's failures (what else the same cause broke).
  private mutating func firstFailing(
    _ candidates: [ExplorationCandidate], target: FailureIdentity, progress: (Int) -> Void
  ) async -> (ExplorationCandidate, ScenarioFailure, [ScenarioFailure])? {
    var start = 0
    while start < candidates.count, mayRun {
      let batch = Array(candidates[start..<min(candidates.count, start + batchSize, start + budget - runsUsed)])
      start += batch.count
      let results = await execute(batch)
      runsUsed += batch.count
      progress(runsUsed)
      for (candidate, result) in zip(batch, results) {
        if let failure = result.failures.first(where: { FailureIdentity($0, in: candidate.document) == target }) {
          return (candidate, failure, result.failures)
        }
      }
    }
    return nil
  }

  /// Documents with one top-level step fewer, one `play`/`wait`/`interrupt` halved, or one cycle run once.
  static func smallerSteps(of document: ScenarioDocument) -> [ScenarioDocument] {
    let steps = document.steps
    var documents: [ScenarioDocument] = []
    func with(_ steps: [Node]) {
      var copy = document
      copy.steps = steps
      documents.append(copy)
    }
    for index in steps.indices.reversed() where steps.count > 1 {
      var fewer = steps
      fewer.remove(at: index)
      with(fewer)
    }
    for (index, step) in steps.enumerated() {
      let name = ScenarioDocument.stepName(step)
      let timed = [ScenarioKeys.Step.play, ScenarioKeys.Step.wait, ScenarioKeys.Step.interrupt].first {
        $0.name == name
      }
      if let timed, let seconds = ScenarioDocument.seconds(ScenarioDocument.stepValue(step)), seconds >= 0.02 {
        var shorter = steps
        shorter[index] = ScenarioDocument.step(timed, Node(ScenarioDocument.durationText(seconds / 2)))
        with(shorter)
      }
      if name == ScenarioKeys.Step.cycle.name,
        let inner = ScenarioDocument.stepValue(step)?.mapping?.first(where: {
          $0.key.string == ScenarioKeys.Cycle.steps.name
        })?.value.sequence
      {
        var once = steps
        once.replaceSubrange(index...index, with: Array(inner))
        with(once)
      }
    }
    return documents
  }
}
