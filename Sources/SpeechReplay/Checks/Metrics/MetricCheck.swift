/// `expect.metrics`: the streaming metrics of the text the user saw (`metrics.<name>` figures on
/// every run) and the bounds the scenario puts on them (`metric.<name>`).
struct MetricCheck: ScenarioCheck {
  var family: CheckID.Family { .metric }
  /// The bounds.
  var limits: Scenario.MetricLimits

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    let utterances = SpeechUtterance.utterances(in: run.scenario.model.script)
    let tape = TapePositions(run.timeline, sampleRate: run.scenario.device.microphone.sampleRate)
    let metrics = StreamingMetrics.measure(
      sessions: Self.displayedSessions(run.timeline), utterances: utterances.count,
      audioSeconds: tape.deliveries.last?.end ?? 0)
    let figures = StreamingMetrics.Metric.allCases.map { Figure("metrics.\($0.rawValue)", metrics[$0], unit: .ratio) }
    var failures: [ScenarioFailure] = []
    for bound in limits.bounds {
      let value = metrics[bound.metric]
      let shown = LeakAnalysis.text(value)
      let id = CheckID(.metric, bound.metric.rawValue)
      let counts =
        "\(metrics.unstableWords) unstable and \(metrics.erasedWords) erased words over \(metrics.finalWords) final words, \(metrics.unstableUpdates) unstable updates"
      if let max = bound.max, value > max {
        failures.append(
          ScenarioFailure(
            "the streaming metric \(bound.metric.rawValue) is \(shown), above its bound \(LeakAnalysis.text(max)) (\(counts)); the displayed text is revised more than allowed — show volatile text that extends instead of rewriting, or raise the bound",
            check: id, at: bound.location))
      }
      if let min = bound.min, value < min {
        failures.append(
          ScenarioFailure(
            "the streaming metric \(bound.metric.rawValue) is \(shown), below its bound \(LeakAnalysis.text(min)) (\(counts)); lower the bound if that is intended",
            check: id,
            at: bound.location))
      }
    }
    return CheckOutcome(figures: figures, failures: failures)
  }

  /// The text the user saw (committed then volatile), one list per session from one `start` step
  /// to the next.
  static func displayedSessions(_ timeline: Timeline) -> [[String]] {
    var sessions: [[String]] = [[]]
    for event in timeline.events.only([ScenarioStepEvent.kind, UIStateEvent.kind]) {
      if ScenarioStepEvent(event)?.isStart == true, !(sessions.last?.isEmpty ?? true) {
        sessions.append([])
      } else if let state = UIStateEvent(event) {
        let parts = [state.committed, state.volatile].filter { !$0.isEmpty }
        sessions[sessions.count - 1].append(parts.joined(separator: " "))
      }
    }
    return sessions
  }
}
