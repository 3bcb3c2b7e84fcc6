import Foundation
import Simulation

extension ScenarioRunner {
  /// The invariant failures of a run: each invariant that broke (unless switched off or expected to
  /// break), and each one the scenario expected to break that held.
  static func invariantFailures(_ settings: Scenario.InvariantSettings, timeline: Timeline, mainActorHangs: [MainActorHang] = []) -> [ScenarioFailure] {
    let checker = InvariantChecker(
      timeline: timeline, maximumInputLag: settings.maximumInputLag, mainActorHangs: mainActorHangs, mainActorHangBound: mainActorHangBound(settings))
    var failures: [ScenarioFailure] = []
    for invariant in Invariant.allCases where settings.off[invariant] == nil {
      let violation = checker.firstViolation(of: invariant)
      switch (violation, settings.broken[invariant]) {
      case (let violation?, _) where violation.cannotBeChecked:
        // Expected to break or not, an invariant without its events proves nothing.
        failures.append(ScenarioFailure(violation.description + "; record the events again, or switch the invariant off in expect.invariants.off", at: settings.location))
      case (let violation?, nil):
        failures.append(
          ScenarioFailure(
            violation.description + "; fix the stack, or if this scenario shows the bug on purpose, add it to expect.invariants.broken",
            at: settings.location))
      case (nil, let location?):
        failures.append(
          ScenarioFailure(
            "the scenario expects the invariant '\(invariant)' to break, but it held: the bug it shows is gone; remove it from expect.invariants.broken (and move the scenario out of the bug zoo)",
            at: location))
      default: break
      }
    }
    return failures
  }

  /// The environment variable that sets the default hang bound (`2s`, `500ms`), for slow builds
  /// such as sanitizer runs; a scenario's `expect.invariants.mainActorHang` wins.
  static let mainActorHangVariable = "SPEECH_REPLAY_MAIN_ACTOR_HANG"

  /// The hang bound of a run: the scenario's, else the environment's, else 250 ms.
  static func mainActorHangBound(_ settings: Scenario.InvariantSettings) -> Duration {
    if let bound = settings.mainActorHang { return bound }
    if let text = ProcessInfo.processInfo.environment[mainActorHangVariable], let bound = DurationText.parse(text), bound > .zero { return bound }
    return InvariantChecker.defaultMainActorHang
  }
}
