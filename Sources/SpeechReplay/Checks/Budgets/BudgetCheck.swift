import Simulation

/// `expect.budgets`: latency figures of every run (first volatile, final, model ready, stop to idle,
/// cycle — count, p50, p90, max) and the failures of each budget against them (`budget.<measure>`).
struct BudgetCheck: ScenarioCheck {
  var family: CheckID.Family { .budget }
  /// The budgets.
  var budgets: Scenario.Budgets
  /// The scenario's timing mode's model cost (a figure, so history can tell runs of two modes apart).
  var modelCost: Double

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    var figures = [Figure("timing.modelCost", modelCost, unit: .ratio)]
    let samples = Self.latencySamples(run.scenario, timeline: run.timeline, cycles: run.output.cycles)
    for measure in Scenario.Budgets.Measure.allCases {
      let values = samples.filter { $0.measure == measure }.compactMap(\.value)
      guard !values.isEmpty else { continue }
      figures.append(Figure("latency.\(measure.rawValue).count", Double(values.count), unit: .count))
      for (name, q) in [("p50", 0.5), ("p90", 0.9), ("max", 1.0)] {
        figures.append(
          Figure("latency.\(measure.rawValue).\(name)", Percentile.seconds(Percentile.of(values, q)!), unit: .seconds))
      }
    }
    var failures: [ScenarioFailure] = []
    for limit in budgets.limits {
      failures += Self.failures(limit, samples: samples.filter { $0.measure == limit.measure })
    }
    return CheckOutcome(figures: figures, failures: failures)
  }

  /// The latencies of a run, measure by measure.
  /// - Parameters:
  ///   - scenario: The scenario that ran.
  ///   - timeline: Its timeline.
  ///   - cycles: The passes of its cycle steps (none for readers outside the runner, such as the HTML report).
  /// - Returns: Every sample, with when each wait ended.
  static func latencySamples(_ scenario: Scenario, timeline: Timeline, cycles: [CycleRecord] = []) -> [LatencySample] {
    let tape = TapePositions(timeline, sampleRate: scenario.device.microphone.sampleRate)
    return LatencyMeasurement(
      timeline: timeline, utterances: SpeechUtterance.utterances(in: scenario.model.script), tape: tape, cycles: cycles
    ).samples()
  }

  /// The failures of one budget against the samples of its measure.
  static func failures(_ limit: Scenario.Budgets.Limit, samples: [LatencySample]) -> [ScenarioFailure] {
    let name = limit.measure.rawValue
    let id = CheckID(.budget, name)
    let budget = Timeline.seconds(limit.limit)
    let advice = advice(for: limit.measure)
    func at(_ sample: LatencySample?) -> Double? { sample?.end.map(DurationText.seconds) }
    if limit.statistic == .each {
      if samples.isEmpty {
        return [
          ScenarioFailure(
            "the budget \(name) \(budget) has nothing to measure: \(nothingMeasured(limit.measure)); remove the budget or add the steps",
            check: id, at: limit.location)
        ]
      }
      return samples.compactMap { sample in
        guard let value = sample.value else {
          return ScenarioFailure(
            "the budget \(name) \(budget) cannot be checked: \(sample.label); \(advice)", check: id, at: limit.location,
            virtualTime: at(sample))
        }
        guard value > limit.limit else { return nil }
        return ScenarioFailure(
          "\(sample.label): \(name) took \(Timeline.seconds(value)), over its budget of \(budget); \(advice)",
          check: id, at: limit.location, virtualTime: at(sample))
      }
    }
    let values = samples.compactMap(\.value)
    let q =
      switch limit.statistic {
      case .p50: 0.5
      case .p90: 0.9
      default: 1.0
      }
    guard let value = Percentile.of(values, q) else {
      let missing = samples.map(\.label).joined(separator: "; ")
      return [
        ScenarioFailure(
          "the budget \(name).\(limit.statistic.rawValue) \(budget) has no measurement: \(missing.isEmpty ? nothingMeasured(limit.measure) : missing); \(advice)",
          check: id, at: limit.location)
      ]
    }
    guard value > limit.limit else { return [] }
    let worst = samples.compactMap { sample in sample.value.map { (sample: sample, value: $0) } }.max {
      $0.value < $1.value
    }
    return [
      ScenarioFailure(
        "\(name) \(limit.statistic.rawValue) over \(values.count) samples is \(Timeline.seconds(value)), over its budget of \(budget) (slowest: \(worst.map { "\($0.sample.label) at \(Timeline.seconds($0.value))" } ?? "none")); \(advice)",
        check: id, at: limit.location, virtualTime: at(worst?.sample))
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
    case .firstVolatile:
      "show volatile results as they arrive (check the model's latency and the input path), or raise the budget"
    case .final:
      "finalize sooner after speech ends (or the model's finalAfterSilence is longer than the budget), or raise the budget"
    case .modelReady: "start listening sooner (a model download counts), or raise the budget"
    case .stopToIdle: "finish the analyzer without waiting on the whole input, or raise the budget"
    case .cycle: "make start and stop faster, or raise the budget"
    }
  }
}
