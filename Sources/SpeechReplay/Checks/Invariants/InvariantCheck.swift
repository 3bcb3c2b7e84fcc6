import Foundation
import Simulation

/// The invariants every run keeps (`invariant.<name>`): each one that broke, unless switched off or
/// expected to break, and each one the scenario expected to break that held. A break names its
/// invariant's trap; an invariant whose events are missing names none (it proves nothing).
struct InvariantCheck: ScenarioCheck {
  var family: CheckID.Family { .invariant }
  /// Which invariants are switched off or expected to break, and their bounds.
  var settings: Scenario.InvariantSettings

  /// The identity of an invariant's check.
  static func id(_ invariant: Invariant) -> CheckID { CheckID(.invariant, invariant.rawValue) }

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    var checker = InvariantChecker(
      timeline: run.timeline, maximumInputLag: settings.maximumInputLag, mainActorHangs: run.mainActorHangs,
      mainActorHangBound: Self.mainActorHangBound(settings))
    checker.modelCost = run.scenario.timing.modelCost
    checker.settledEventCount = run.output.settledEventCount
    checker.queueAllowance = run.scenario.subject.inputBufferLimit
    checker.maximumRestartsPerSecond = settings.maximumRestartsPerSecond
    checker.bufferGrowthPerMinute = settings.bufferGrowthPerMinute
    checker.bufferMemory = run.device.bufferMemory.samples
    let microphone = run.scenario.device.microphone
    if microphone.sampleRate > 0 {
      checker.tapInterval = .seconds(Double(microphone.tapFrames) / microphone.sampleRate) + microphone.jitter
    }
    var failures: [ScenarioFailure] = []
    for invariant in Invariant.allCases where settings.off[invariant] == nil {
      let violation = checker.firstViolation(of: invariant)
      let time = violation.map { DurationText.seconds($0.time) }
      switch (violation, settings.broken[invariant]) {
      case (let violation?, _) where violation.cannotBeChecked:
        // Expected to break or not, an invariant without its events proves nothing.
        failures.append(
          ScenarioFailure(
            violation.description + "; record the events again, or switch the invariant off in expect.invariants.off",
            check: Self.id(invariant),
            at: settings.location, virtualTime: time))
      case (let violation?, nil):
        failures.append(
          ScenarioFailure(
            violation.description
              + "; fix the stack, or if this scenario shows the bug on purpose, add it to expect.invariants.broken",
            check: Self.id(invariant), at: settings.location, virtualTime: time, trap: violation.pointsAt))
      case (nil, let location?):
        failures.append(
          ScenarioFailure(
            "the scenario expects the invariant '\(invariant)' to break, but it held: the bug it shows is gone; remove it from expect.invariants.broken (and move the scenario out of the bug zoo)",
            check: Self.id(invariant), at: location))
      default: break
      }
    }
    return CheckOutcome(failures: failures)
  }

  /// The environment variable that sets the default hang bound (`2s`, `500ms`), for slow builds
  /// such as sanitizer runs; a scenario's `expect.invariants.mainActorHang` wins when it is longer
  /// (a tighter bound in a scenario is raised to it, so a slow build does not fail a bound meant for
  /// an optimized one).
  static let mainActorHangVariable = "SPEECH_REPLAY_MAIN_ACTOR_HANG"

  /// The hang bound of a run: the longer of the scenario's and the environment's, else the one
  /// given, else 250 ms.
  static func mainActorHangBound(_ settings: Scenario.InvariantSettings) -> Duration {
    var environment: Duration?
    if let text = ProcessInfo.processInfo.environment[mainActorHangVariable], let bound = DurationText.parse(text),
      bound > .zero
    {
      environment = bound
    }
    switch (settings.mainActorHang, environment) {
    case (let scenario?, let environment?): return max(scenario, environment)
    case (let scenario?, nil): return scenario
    case (nil, let environment?): return environment
    case (nil, nil): return InvariantChecker.defaultMainActorHang
    }
  }
}
