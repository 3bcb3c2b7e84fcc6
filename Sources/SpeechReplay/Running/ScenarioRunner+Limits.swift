import Simulation

extension ScenarioRunner {
  /// Why a scenario does not apply to this runner's subject: it requires a capability
  /// (`subject.requires`) the subject's factory does not declare. Nil when it applies.
  func skipReason(for scenario: Scenario) -> ScenarioFailure? {
    let missing = scenario.requirements.filter { !subject.satisfies($0) }
    guard !missing.isEmpty else { return nil }
    let names = missing.map { "'\($0)'" }.joined(separator: ", ")
    let declared =
      subject.capabilities.isEmpty
      ? "declares no capabilities"
      : "declares \(subject.capabilities.sorted().map { "'\($0)'" }.joined(separator: ", "))"
    return ScenarioFailure(
      "skipped: the scenario requires \(names), and the subject \(subject.name) \(declared); "
        + "a stack that has \(missing.count == 1 ? "it" : "them") declares \(missing.count == 1 ? "it" : "them") in "
        + "SubjectFactory(capabilities:)\(missing.contains(.speechAnalyzer) ? Self.speechAnalyzerNote : "")"
        + (missing.contains(.listensThroughPauses) ? Self.pausesNote : ""),
      check: CheckID(.scenario, "requires"),
      at: scenario.requirementsLocation ?? SourceLocation(file: scenario.file, line: 1, column: 1))
  }

  private static let speechAnalyzerNote =
    " (the scenario is about SpeechAnalyzer — its assets, finalize or finals during a session — which a stack on the legacy SFSpeechRecognizer does not have)"

  private static let pausesNote =
    " (the speaker pauses longer than a silence timer waits, and the subject declares stopsAfterSilence: it stops itself by design)"

  /// Why a scenario that requires ``SubjectCapability/speechAnalyzer`` did not apply after all: the
  /// subject declared neither recognizer, and the run shows the stack used only the legacy
  /// `SFSpeechRecognizer` (recognition tasks, no analyzer). Nil when it applied.
  func inferredSkipReason(for scenario: Scenario, timeline: Timeline) -> ScenarioFailure? {
    guard subject.infersRecognizer, scenario.requirements.contains(.speechAnalyzer) else { return nil }
    var usedRecognizer = false
    for event in timeline.events {
      let kind = event.kind.rawValue
      if kind.hasPrefix("analyzer.") { return nil }
      if kind.hasPrefix("recognizer.task.") { usedRecognizer = true }
    }
    guard usedRecognizer else { return nil }
    return ScenarioFailure(
      "skipped: the scenario requires 'speechAnalyzer'\(Self.speechAnalyzerNote), and the subject \(subject.name) "
        + "ran SFSpeechRecognizer tasks and no SpeechAnalyzer; declare .legacyRecognizer in SubjectFactory(capabilities:) "
        + "to skip such scenarios without running them (or .speechAnalyzer if the stack uses it too)",
      check: CheckID(.scenario, "requires"),
      at: scenario.requirementsLocation ?? SourceLocation(file: scenario.file, line: 1, column: 1))
  }

  /// Why a loaded scenario cannot run with this runner: steps past the limits, or a `subject.preset`
  /// the subject does not have. Nil when it can run.
  func refusal(of scenario: Scenario) -> ScenarioFailure? {
    do {
      try scenario.checkLimits(limits)
    } catch {
      var failure = error.failure
      failure.check = CheckID(.scenario, "limits")
      return failure
    }
    if let preset = scenario.subject.preset, let presets = subject.presets, !presets.contains(preset) {
      let known =
        presets.isEmpty ? "has no presets" : "has the presets \(presets.map { "'\($0)'" }.joined(separator: ", "))"
      return ScenarioFailure(
        "'subject.preset' is '\(preset)', but the subject \(subject.name) \(known)\(ScenarioNode.suggestion(preset, presets)); "
          + "remove the key for the subject's default, or name one of its presets", check: CheckID(.scenario, "preset"),
        at: scenario.presetLocation ?? SourceLocation(file: scenario.file, line: 1, column: 1))
    }
    return nil
  }

  /// The simulation's own virtual-time stop: well past what the steps add up to, so a subject whose
  /// timers run on forever is stopped, and a long session the limits allow is not.
  func virtualTimeLimit(for scenario: Scenario) -> Duration {
    let allowed = (limits.raised(by: scenario.limits).virtualTime ?? .seconds(2 * 3600))
    // Exploration runs short scenarios by the thousand: a forever-timer is stopped sooner.
    if let simulationTimeLimit {
      return max(simulationTimeLimit, .seconds(2 * DurationText.seconds(scenario.totals.virtualTime)))
    }
    return max(.seconds(24 * 3600), allowed * 2 + .seconds(3600))
  }
}

extension ScenarioRunner {
  /// The latencies of a run, measure by measure (cycle passes left out: they need the runner's
  /// ledger snapshots), for readers outside the runner such as the HTML report.
  /// - Parameters:
  ///   - scenario: The scenario that ran.
  ///   - timeline: Its timeline.
  /// - Returns: Every sample, with when each wait ended.
  package static func latencySamples(_ scenario: Scenario, timeline: Timeline) -> [LatencySample] {
    BudgetCheck.latencySamples(scenario, timeline: timeline)
  }
}
