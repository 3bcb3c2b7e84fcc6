import Simulation

/// What `dismiss` steps leave behind, checked after the simulation has finished (every task has
/// run or is stuck for good): each dismissed subject must be deallocated (`dismissal.subject`), and
/// so must the app objects it held in its stored properties unless another screen of the run holds
/// them too (`dismissal.object`); when the run ends with the screen dismissed, no tracked object (`LiveObjectTracker`: the twins'
/// analyzers, transcribers and recognizers, and the app's own types that hold one) may outlive it
/// (`dismissal.objects`).
///
/// A screen dismissed while its stack still finished a stop of its own (phase `stopping`) is not
/// judged: the run ends at its last step, before a slow model's finalizing ends, and a correct
/// stack holds itself until then (found by `speech-replay explore`, issue 31: an interruption that
/// could not resume, a model slower than real time, then a dismissal). A stop that never ends is
/// the `run` and `endState` checks' to report.
struct DismissalCheck: ScenarioCheck {
  var family: CheckID.Family { .dismissal }

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    let output = run.output
    let end = run.timeline.events.last.map { DurationText.seconds($0.time) }
    var failures: [ScenarioFailure] = []
    for dismissal in output.dismissals where dismissal.subject != nil && !dismissal.wasStopping {
      failures.append(
        ScenarioFailure(
          "the subject \(dismissal.typeName) is still alive after its screen was dismissed: something holds it "
            + "(a task that never ends, a tap block or observer that captures it strongly, a retain cycle); capture it weakly, "
            + "remove the tap and observers on stop, and let every task end",
          check: CheckID(.dismissal, "subject"), at: dismissal.location, virtualTime: end))
    }
    // The app's objects the subject adapted (its stored properties) must go with it, unless the
    // subject is itself kept (reported above) or another screen of the run holds them too.
    for dismissal in output.dismissals where dismissal.subject == nil && !dismissal.wasStopping {
      for held in dismissal.objects where held.object != nil && !held.shared {
        failures.append(
          ScenarioFailure(
            "the app object \(held.typeName) (\(held.property)) is still alive after its screen was dismissed, although "
              + "the subject that held it is gone: something else holds it (a task that never ends, a tap block, timer or observer "
              + "that captures it strongly, a retain cycle); capture it weakly, remove the tap and observers on stop, and let every task end",
            check: CheckID(.dismissal, "object"), at: dismissal.location, virtualTime: end))
      }
    }
    guard output.endedDismissed, !output.dismissals.isEmpty, !output.dismissals.contains(where: \.wasStopping) else {
      return CheckOutcome(failures: failures)
    }
    let after = output.objectScope.map { LiveObjectTracker.liveCounts(createdIn: $0) } ?? LiveObjectTracker.liveCounts()
    let grown = after.keys.sorted().compactMap { name -> String? in
      let before = output.objectsBefore[name, default: 0]
      let now = after[name, default: 0]
      return now > before ? "\(name) \(before) → \(now)" : nil
    }
    if !grown.isEmpty {
      failures.append(
        ScenarioFailure(
          "objects outlive the dismissed screen: \(grown.joined(separator: ", ")); whatever made them still holds them (the subject's tasks, a cache, a singleton)",
          check: CheckID(.dismissal, "objects"), at: output.dismissals.last?.location, virtualTime: end))
    }
    return CheckOutcome(failures: failures)
  }
}
