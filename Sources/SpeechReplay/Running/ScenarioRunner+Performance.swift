import Simulation

extension ScenarioRunner {
  /// Latency figures and budgets, streaming metrics and their bounds, and the leak check of the
  /// longest `cycle:` step: the figures every run reports, and the failures of what the scenario
  /// expects.
  /// - Parameters:
  ///   - scenario: The scenario that ran.
  ///   - timeline: Its timeline.
  ///   - cycles: The passes of its cycle steps, with ledger snapshots.
  /// - Returns: Figures to merge into the result, and failures.
  static func performance(_ scenario: Scenario, timeline: Timeline, cycles: [CycleRecord]) -> (figures: [String: Double], failures: [ScenarioFailure]) {
    var figures: [String: Double] = ["timing.modelCost": scenario.timing.modelCost]
    var failures: [ScenarioFailure] = []
    let utterances = SpeechUtterance.utterances(in: scenario.model.script)
    let tape = TapePositions(timeline, sampleRate: scenario.device.microphone.sampleRate)

    let samples = LatencyMeasurement(timeline: timeline, utterances: utterances, tape: tape, cycles: cycles).samples()
    for measure in Scenario.Budgets.Measure.allCases {
      let values = samples.filter { $0.measure == measure }.compactMap(\.value)
      guard !values.isEmpty else { continue }
      figures["latency.\(measure.rawValue).count"] = Double(values.count)
      for (name, q) in [("p50", 0.5), ("p90", 0.9), ("max", 1.0)] {
        figures["latency.\(measure.rawValue).\(name)"] = Percentile.seconds(Percentile.of(values, q)!)
      }
    }
    for limit in scenario.expectations.budgets.limits {
      failures += budgetFailures(limit, samples: samples.filter { $0.measure == limit.measure })
    }

    let metrics = StreamingMetrics.measure(
      sessions: displayedSessions(timeline), utterances: utterances.count, audioSeconds: tape.deliveries.last?.end ?? 0)
    for metric in StreamingMetrics.Metric.allCases { figures["metrics.\(metric.rawValue)"] = metrics[metric] }
    for bound in scenario.expectations.metrics.bounds {
      let value = metrics[bound.metric]
      let shown = LeakAnalysis.text(value)
      let counts = "\(metrics.unstableWords) unstable and \(metrics.erasedWords) erased words over \(metrics.finalWords) final words, \(metrics.unstableUpdates) unstable updates"
      if let max = bound.max, value > max {
        failures.append(
          ScenarioFailure(
            "the streaming metric \(bound.metric.rawValue) is \(shown), above its bound \(LeakAnalysis.text(max)) (\(counts)); the displayed text is revised more than allowed — show volatile text that extends instead of rewriting, or raise the bound",
            at: bound.location))
      }
      if let min = bound.min, value < min {
        failures.append(
          ScenarioFailure("the streaming metric \(bound.metric.rawValue) is \(shown), below its bound \(LeakAnalysis.text(min)) (\(counts)); lower the bound if that is intended", at: bound.location))
      }
    }

    let (leakFigures, leakFailures) = leaks(scenario, cycles: cycles)
    figures.merge(leakFigures) { $1 }
    failures += leakFailures
    return (figures, failures)
  }

  /// The latencies of a run, measure by measure (cycle passes left out: they need the runner's
  /// ledger snapshots), for readers outside the runner such as the HTML report.
  /// - Parameters:
  ///   - scenario: The scenario that ran.
  ///   - timeline: Its timeline.
  /// - Returns: Every sample, with when each wait ended.
  package static func latencySamples(_ scenario: Scenario, timeline: Timeline) -> [LatencySample] {
    let tape = TapePositions(timeline, sampleRate: scenario.device.microphone.sampleRate)
    return LatencyMeasurement(timeline: timeline, utterances: SpeechUtterance.utterances(in: scenario.model.script), tape: tape, cycles: []).samples()
  }

  /// The failures of one budget against the samples of its measure.
  static func budgetFailures(_ limit: Scenario.Budgets.Limit, samples: [LatencySample]) -> [ScenarioFailure] {
    let name = limit.measure.rawValue
    let budget = Timeline.seconds(limit.limit)
    let advice = advice(for: limit.measure)
    if limit.statistic == .each {
      if samples.isEmpty {
        return [ScenarioFailure("the budget \(name) \(budget) has nothing to measure: \(nothingMeasured(limit.measure)); remove the budget or add the steps", at: limit.location)]
      }
      return samples.compactMap { sample in
        guard let value = sample.value else {
          return ScenarioFailure("the budget \(name) \(budget) cannot be checked: \(sample.label); \(advice)", at: limit.location)
        }
        guard value > limit.limit else { return nil }
        return ScenarioFailure("\(sample.label): \(name) took \(Timeline.seconds(value)), over its budget of \(budget); \(advice)", at: limit.location)
      }
    }
    let values = samples.compactMap(\.value)
    let q = switch limit.statistic {
    case .p50: 0.5
    case .p90: 0.9
    default: 1.0
    }
    guard let value = Percentile.of(values, q) else {
      let missing = samples.map(\.label).joined(separator: "; ")
      return [ScenarioFailure("the budget \(name).\(limit.statistic.rawValue) \(budget) has no measurement: \(missing.isEmpty ? nothingMeasured(limit.measure) : missing); \(advice)", at: limit.location)]
    }
    guard value > limit.limit else { return [] }
    let worst = samples.compactMap { sample in sample.value.map { (label: sample.label, value: $0) } }.max { $0.value < $1.value }
    return [
      ScenarioFailure(
        "\(name) \(limit.statistic.rawValue) over \(values.count) samples is \(Timeline.seconds(value)), over its budget of \(budget) (slowest: \(worst.map { "\($0.label) at \(Timeline.seconds($0.value))" } ?? "none")); \(advice)",
        at: limit.location)
    ]
  }

  private static func nothingMeasured(_ measure: Scenario.Budgets.Measure) -> String {
    switch measure {
    case .firstVolatile, .final: "the model's script has no utterance with a final result"
    case .modelReady: "no step starts the subject"
    case .stopToIdle: "no step stops the subject"
    case .cycle: "no cycle step runs"
    }
  }

  private static func advice(for measure: Scenario.Budgets.Measure) -> String {
    switch measure {
    case .firstVolatile: "show volatile results as they arrive (check the model's latency and the input path), or raise the budget"
    case .final: "finalize sooner after speech ends (or the model's finalAfterSilence is longer than the budget), or raise the budget"
    case .modelReady: "start listening sooner (a model download counts), or raise the budget"
    case .stopToIdle: "finish the analyzer without waiting on the whole input, or raise the budget"
    case .cycle: "make start and stop faster, or raise the budget"
    }
  }

  /// The text the user saw (committed then volatile), one list per session from one `start` step
  /// to the next.
  static func displayedSessions(_ timeline: Timeline) -> [[String]] {
    var sessions: [[String]] = [[]]
    for event in timeline.events {
      if ScenarioStepEvent(event)?.isStart == true, !(sessions.last?.isEmpty ?? true) {
        sessions.append([])
      } else if let state = UIStateEvent(event) {
        let parts = [state.committed, state.volatile].filter { !$0.isEmpty }
        sessions[sessions.count - 1].append(parts.joined(separator: " "))
      }
    }
    return sessions
  }

  /// The leak check of the cycle step with the most passes.
  static func leaks(_ scenario: Scenario, cycles: [CycleRecord]) -> (figures: [String: Double], failures: [ScenarioFailure]) {
    let byLine = Dictionary(grouping: cycles, by: \.line)
    guard let (line, passes) = byLine.max(by: { $0.value.count < $1.value.count || ($0.value.count == $1.value.count && $0.key > $1.key) }) else {
      return ([:], [])
    }
    let check = scenario.expectations.leaks
    let snapshots = passes.compactMap(\.ledger)
    let window = check.isExplicit ? check.window : min(check.window, (snapshots.count - 1) / 2)
    let location = check.location ?? SourceLocation(file: scenario.file, line: line, column: 1)
    guard window >= 1, let analysis = LeakAnalysis(snapshots, window: window) else {
      guard check.isExplicit else { return ([:], []) }
      return ([:], [
        ScenarioFailure(
          "the leak check needs at least \(2 * check.window + 1) passes of the cycle (two windows of \(check.window) after the first) but \(snapshots.count) ran; raise the cycle's count or lower leaks.window",
          at: location)
      ])
    }
    var figures: [String: Double] = [
      "leak.passes": Double(snapshots.count), "leak.window": Double(analysis.window), "leak.heapBytesPerCycle": analysis.heapBytesPerCycle,
    ]
    var failures: [ScenarioFailure] = []
    // Live-object counts are process-wide; without an explicit `leaks:` expectation only the run's own
    // ledger resources are judged, so other work in the same process (parallel tests) cannot look like a leak.
    for growth in analysis.leaks { figures["leak.\(growth.name).perCycle"] = growth.perCycle }
    for growth in analysis.leaks where check.isExplicit || growth.kind != .object {
      failures.append(
        ScenarioFailure(
          "leak across \(snapshots.count) cycles: \(growth) and grew in each of \(analysis.windows) windows of \(analysis.window) cycles; something started in a cycle is never released — release it in stop() (finish the analyzer, remove the tap, cancel tasks, drop references)",
          at: location))
    }
    let heapLimit = check.heapBytesPerCycle ?? (check.isExplicit ? Scenario.Leaks.defaultHeapBytesPerCycle : nil)
    if let heapLimit, analysis.heapGrowsInEveryWindow, analysis.heapBytesPerCycle > Double(heapLimit) {
      failures.append(
        ScenarioFailure(
          "leak across \(snapshots.count) cycles: the heap grew in each of \(analysis.windows) windows of \(analysis.window) cycles, by \(Int(analysis.heapBytesPerCycle)) bytes per cycle, more than heapBytesPerCycle \(heapLimit); find what each cycle keeps (buffers, results, observers), or raise the limit",
          at: location))
    }
    return (figures, failures)
  }
}
