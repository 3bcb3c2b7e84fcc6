import Foundation
import Yams

/// Explores the states a scenario's stack can reach: runs the scenario many times, each time with a
/// random subset of perturbation kinds switched on (``Perturbation/Kind``), checks every run's
/// invariants (and the expectations the scenario keeps under `explore: { keep: […] }`), and shrinks
/// each new kind of failure to a short scenario that fails on its own.
///
/// Runs are numbered from 0; run `r` perturbs scenario `r mod n` with random numbers drawn from
/// `(seed, r)` alone, so the same seed gives the same runs, and the shrinker takes the first
/// simpler candidate that still fails, so the same runs give the same reproducers — whatever the
/// batch size and however many workers execute the runs.
package struct Explorer: Sendable {
  /// Executes a batch of candidates (in this process or in workers) and returns their results in order.
  package typealias Execute = @Sendable ([ExplorationCandidate]) async -> [ScenarioResult]

  /// The simulation's virtual-time stop for exploration runs (``ScenarioRunner/simulationTimeLimit``):
  /// a subject whose timers never stop fails after 10 minutes of virtual time instead of 24 hours.
  package static let simulationTimeLimit: Duration = .seconds(600)

  /// Runs in all (before sharding).
  package var runs: Int
  /// The exploration's seed.
  package var seed: UInt64
  /// Stop starting new runs after this much wall-clock time; nil for no limit.
  package var timeLimit: Duration?
  /// This shard (1-based) of `shardCount`: runs `r` with `r mod shardCount == shard - 1`.
  package var shard = 1
  /// How many shards share the runs.
  package var shardCount = 1
  /// Candidates handed to ``Execute`` at once while shrinking (the number of workers).
  package var batchSize = 1
  /// Runs handed to ``Execute`` at once while exploring; `nil` for ``batchSize``. A few per worker
  /// keep every worker busy while the slowest run of a batch ends; which runs are made, and what
  /// they find, does not depend on it.
  package var runBatchSize: Int?
  /// Whether the next batch is handed to ``Execute`` before the current one's results are in (and
  /// shrinking, if they need it, runs beside it). Only for an executor that bounds its own
  /// concurrency (the CLI's reused workers); which runs are made, and what they find, does not
  /// depend on it.
  package var overlapsBatches = false
  /// The most runs one failure's shrinking may take.
  package var shrinkBudget = 300
  /// The most failing runs of one check that are shrunk (each that no finding so far covers is, to
  /// learn its cause); the check's later uncovered runs are only counted.
  package var shrinksPerCheck = 8
  /// Asked before every batch and shrinking run: once true, no run starts, shrinking keeps what it
  /// has, and the report holds every finding so far (the runs already started finish).
  package var isInterrupted: @Sendable () -> Bool = { false }
  /// Told each finding as soon as it is shrunk, so it can be written before the exploration ends.
  package var found: @Sendable (ExplorationFinding) -> Void = { _ in }
  /// Told after every batch and shrinking step.
  package var progress: @Sendable (ExplorationProgress) -> Void = { _ in }

  /// Creates an explorer.
  package init(runs: Int, seed: UInt64) {
    self.runs = runs
    self.seed = seed
  }

  /// The runs of this shard, generated as they are taken (`--runs 100000000` holds no list).
  package var plannedRuns: StrideTo<Int> { stride(from: shard - 1, to: max(0, runs), by: max(1, shardCount)) }

  /// Explores `documents`.
  /// - Parameters:
  ///   - documents: The scenarios, as read (``ScenarioDocument/init(fileAt:)``).
  ///   - execute: Runs candidates and returns their results.
  /// - Returns: What the runs found.
  package func explore(_ documents: [ScenarioDocument], execute: @escaping Execute) async -> ExplorationReport {
    var report = ExplorationReport()
    guard !documents.isEmpty else { return report }
    let started = ContinuousClock.now
    let planned = plannedRuns
    let step = max(1, shardCount)
    let plannedCount = max(0, (max(0, runs) - (shard - 1) + step - 1) / step)
    let bases = documents.map(Self.explorable)
    var index = 0
    var status = ExplorationProgress(runsDone: 0, runsPlanned: plannedCount, failingRuns: 0, findings: 0)
    var runs = planned.makeIterator()
    let runBatch = max(1, runBatchSize ?? batchSize)
    /// The next batch's runs and candidates (nil for a run whose scenario does not load).
    func nextBatch() -> [(run: Int, candidate: ExplorationCandidate?)] {
      var batch: [(run: Int, candidate: ExplorationCandidate?)] = []
      while batch.count < runBatch, let run = runs.next() { batch.append((run, candidate(run: run, bases: bases))) }
      return batch
    }
    /// A batch handed to `execute`, running.
    struct Running {
      var batch: [(run: Int, candidate: ExplorationCandidate?)]
      var candidates: [(run: Int, candidate: ExplorationCandidate)]
      var results: Task<[ScenarioResult], Never>
    }
    var upcoming = nextBatch()
    /// Starts the drawn batch and draws the next while it runs (the runs are the same whenever
    /// they are drawn); nil when every run is taken or the time limit has passed.
    func startNext() -> Running? {
      guard index < plannedCount, !upcoming.isEmpty else { return nil }
      if isInterrupted() {
        report.stoppedByInterruption = true
        return nil
      }
      if let timeLimit, started.duration(to: .now) >= timeLimit {
        report.stoppedByTimeLimit = true
        return nil
      }
      let batch = upcoming
      index += batch.count
      var candidates: [(run: Int, candidate: ExplorationCandidate)] = []
      for (run, candidate) in batch {
        if let candidate {
          candidates.append((run, candidate))
        } else {
          report.invalidRuns += 1
        }
      }
      let handed = candidates.map(\.candidate)
      let running = Running(batch: batch, candidates: candidates, results: Task { await execute(handed) })
      upcoming = index < plannedCount ? nextBatch() : []
      return running
    }
    var current = startNext()
    while let running = current {
      // With overlapping batches the next one is queued before this one is awaited, so a worker
      // that finishes this batch's last run takes the next batch's first instead of waiting.
      current = overlapsBatches ? startNext() : nil
      let results = await running.results.value
      let (batch, candidates) = (running.batch, running.candidates)
      report.runs += batch.count
      status.runsDone = report.runs
      // A skipped run (a capability the subject lacks) is not a failure to shrink.
      for ((run, candidate), result) in zip(candidates, results) where ![.passed, .skipped].contains(result.status) {
        await record(
          failing: result, of: candidate, run: run, base: bases[run % bases.count], into: &report, status: &status,
          execute: execute, deadline: timeLimit.map { started + $0 })
      }
      progress(status)
      if !overlapsBatches { current = startNext() }
    }
    report.wallSeconds = DurationText.seconds(started.duration(to: .now))
    if isInterrupted() { report.stoppedByInterruption = true }
    return report
  }

  /// Runs candidates one after another in this process (one simulation per process at a time):
  /// no crash isolation, so a subject that traps ends the exploration.
  /// - Parameter subject: The stack under test.
  /// - Returns: The executor.
  package static func inProcess(subject: SubjectFactory) -> Execute {
    var runner = ScenarioRunner(subject: subject, snapshots: SnapshotOptions(record: .never))
    runner.simulationTimeLimit = simulationTimeLimit
    return { [runner] candidates in candidates.map { runner.run($0.scenario, seed: $0.seed) } }
  }

  /// Mixed into the seed for the audio-path kind's own stream.
  static let audioPathStream: UInt64 = 0xA0D1_0BA7_4C0F_FEE5
  /// Mixed into the seed for the result-delivery kind's own stream.
  static let resultDeliveryStream: UInt64 = 0xDE11_7E12_F1A1_0A7E
  /// Mixed into the seed for the user-locale kind's own stream.
  static let userLocaleStream: UInt64 = 0x10CA_1E5E_77A6_0D1E
  /// Mixed into the seed for the schedule kind's own stream.
  static let scheduleStream: UInt64 = 0x5C4E_D01E_0D12_A3E5
  /// Mixed into the seed for the Speech twins' faults' own stream.
  static let speechFaultStream: UInt64 = 0x5BEE_C4FA_0175_0A1D
  /// Mixed into the seed for the audio-system kind's own stream.
  static let audioSystemStream: UInt64 = 0xA5D1_05F5_7E3F_A017

  /// The candidate of run `run`, nil when the perturbed scenario does not load.
  package func candidate(run: Int, bases: [ScenarioDocument]) -> ExplorationCandidate? {
    var random = ExplorationRandom(seed: seed, run: run)
    let base = bases[run % bases.count]
    let context = Self.context(of: base)
    let applicable = Perturbation.Kind.swarm.filter { $0.applies(to: context) }
    var kinds = applicable.filter { _ in Bool.random(using: &random) }
    if kinds.isEmpty, let one = applicable.randomElement(using: &random) { kinds = [one] }
    var perturbations = kinds.map { $0.draw(using: &random, in: context) }
    let runSeed = random.next() % 1_000_000
    // The audio path (sample types, odd tap sizes, a route to another format) in a third of the
    // runs, from its own stream: the draws above stay what they were before it existed.
    var audioRandom = ExplorationRandom(seed: seed ^ Self.audioPathStream, run: run)
    if Int.random(in: 0..<3, using: &audioRandom) == 0 {
      perturbations.append(Perturbation.Kind.audioPath.draw(using: &audioRandom, in: context))
    }
    // The late result-delivery order in a third of the runs, from its own stream as well.
    var deliveryRandom = ExplorationRandom(seed: seed ^ Self.resultDeliveryStream, run: run)
    if Int.random(in: 0..<3, using: &deliveryRandom) == 0 {
      perturbations.append(Perturbation.Kind.resultDelivery.draw(using: &deliveryRandom, in: context))
    }
    // Another form of the user's locale in a third of the runs, from its own stream as well.
    var localeRandom = ExplorationRandom(seed: seed ^ Self.userLocaleStream, run: run)
    if Int.random(in: 0..<3, using: &localeRandom) == 0 {
      perturbations.append(Perturbation.Kind.userLocale.draw(using: &localeRandom, in: context))
    }
    // A seeded schedule in half the runs, from its own stream too: the other half keep the
    // default order, so a finding shows whether it needs another order.
    var scheduleRandom = ExplorationRandom(seed: seed ^ Self.scheduleStream, run: run)
    if Bool.random(using: &scheduleRandom) {
      perturbations.append(Perturbation.Kind.schedule.draw(using: &scheduleRandom, in: context))
    }
    perturbations += Self.laterStreams(seed: seed, run: run, context: context, drawn: perturbations)
    // One of the Speech twins' failure modes in a quarter of the runs, from its own stream too.
    var speechFaultRandom = ExplorationRandom(seed: seed ^ Self.speechFaultStream, run: run)
    if Perturbation.Kind.speechFault.applies(to: context), Int.random(in: 0..<4, using: &speechFaultRandom) == 0 {
      perturbations.append(Perturbation.Kind.speechFault.draw(using: &speechFaultRandom, in: context))
    }
    // A failure of the audio system in a quarter of the runs, from its own stream as well.
    var audioSystemRandom = ExplorationRandom(seed: seed ^ Self.audioSystemStream, run: run)
    if Int.random(in: 0..<4, using: &audioSystemRandom) == 0 {
      perturbations.append(Perturbation.Kind.audioSystem.draw(using: &audioSystemRandom, in: context))
    }
    return Self.candidate(base: base, perturbations: perturbations, seed: runSeed)
  }

  /// Applies `perturbations` to `base` with `seed`; nil when the result does not load.
  package static func candidate(
    base: ScenarioDocument, perturbations: [Perturbation], seed: UInt64
  ) -> ExplorationCandidate? {
    var document = base
    for perturbation in perturbations { perturbation.apply(to: &document) }
    document.set(scalar: "\(seed)", at: [ScenarioKeys.seed])
    return candidate(document: document, perturbations: perturbations, seed: seed)
  }

  /// A document as a candidate; nil when it does not load or its steps are not a sequence a user
  /// can perform (``ScenarioDocument/isPerformableByUser``).
  package static func candidate(
    document: ScenarioDocument, perturbations: [Perturbation], seed: UInt64
  ) -> ExplorationCandidate? {
    guard document.isPerformableByUser,
      let scenario = try? Scenario.parse(yaml: document.yaml(), file: document.file, relativeTo: document.folder),
      (try? scenario.checkLimits(.standard)) != nil
    else { return nil }
    return ExplorationCandidate(document: document, scenario: scenario, perturbations: perturbations, seed: seed)
  }

  /// The scenario as exploration runs it: expectations that do not survive perturbation left out.
  ///
  /// Kept: `expect.invariants` (which invariants the scenario expects broken or switches off) and
  /// whatever `explore.keep` lists (`final`, `final.committed`, `snapshots`, `diagnostics`…).
  /// Left out: every other expectation, `observed` (a capture's timeline) and `explore` itself.
  package static func explorable(_ document: ScenarioDocument) -> ScenarioDocument {
    var copy = document
    let keep = Set(
      document.value(at: [ScenarioKeys.explore, ScenarioKeys.Explore.keep])?.sequence.map { $0.compactMap(\.string) }
        ?? [])
    var expect: [(Node, Node)] = []
    for pair in document.value(at: [ScenarioKeys.expect])?.mapping.map(Array.init) ?? [] {
      guard let key = pair.key.string else { continue }
      if key == ScenarioKeys.Expect.invariants.name || key == ScenarioKeys.Expect.trap.name || keep.contains(key) {
        expect.append((pair.key, pair.value))
      } else if key == ScenarioKeys.Expect.final.name, let fields = pair.value.mapping {
        let kept = fields.filter { keep.contains("final.\($0.key.string ?? "")") }.map { ($0.key, $0.value) }
        if !kept.isEmpty { expect.append((pair.key, Node(kept, .implicit, .flow))) }
      }
    }
    copy.set(expect.isEmpty ? nil : Node(expect, .implicit, .block), at: [ScenarioKeys.expect])
    if expect.count == 1, expect[0].0.string == ScenarioKeys.Expect.trap.name {
      copy.set(nil, at: [ScenarioKeys.expect])
    }
    copy.set(nil, at: [ScenarioKeys.observed])
    copy.set(nil, at: [ScenarioKeys.explore])
    return copy
  }

  /// What a draw needs to know about a scenario.
  static func context(of document: ScenarioDocument) -> Perturbation.Kind.Context {
    var words: Int?
    if let transcript = document.value(at: [ScenarioKeys.model, ScenarioKeys.Model.transcript])?.string {
      let path =
        transcript.hasPrefix("/") ? transcript : (document.folder as NSString).appendingPathComponent(transcript)
      let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      words = text.split(separator: "\n").filter { line in line.first.map { $0.isNumber } ?? false }.count
    }
    var context = Perturbation.Kind.Context(
      stepsDuration: document.stepsDuration, audioDuration: document.audioDuration, transcriptWords: words)
    if let locale = document.value(at: [ScenarioKeys.model, ScenarioKeys.Model.locale])?.string {
      context.modelLocale = locale
    }
    return context
  }
}
