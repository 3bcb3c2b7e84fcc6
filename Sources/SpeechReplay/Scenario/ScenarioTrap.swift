/// `expect.trap`: the known trap a scenario guards against, and the checks whose failures are about
/// it. A failure of one of those checks names the trap ("…; this scenario guards against: <trap>");
/// failures of other checks do not, so an unrelated bug never gets a misleading label.
///
/// `trap: "text"` names the scenario's own expectations (``defaultFamilies``); `trap: { says: "text",
/// checks: [state.final, budget] }` names families or single checks.
package struct ScenarioTrap: Sendable, Hashable {
  /// The phrase naming the trap.
  package var text: String
  /// The checks it is about: a family (every check in it) or one check.
  package var checks: [Target]

  /// A family, or one check of a family.
  package enum Target: Sendable, Hashable, CustomStringConvertible {
    case family(CheckID.Family)
    case check(CheckID)

    /// Whether a failure of `id` is covered.
    func covers(_ id: CheckID) -> Bool {
      switch self {
      case .family(let family): id.family == family
      case .check(let check): id == check
      }
    }

    package var description: String {
      switch self {
      case .family(let family): family.rawValue
      case .check(let check): check.description
      }
    }
  }

  /// What a plain `trap: "text"` is about: what the user must see — the expected states, the
  /// diagnostics and the divergence from a capture. Not golden files (a file not yet recorded is
  /// no trap), budgets, metrics or leaks (an overrun is a different bug): a trap about those names
  /// them (`checks:`); nor the invariants (each names its own trap) nor the audio, steps and run
  /// (their failures explain themselves).
  package static let defaultFamilies: [CheckID.Family] = [.state, .diagnostics, .divergence]

  /// Failures of these families are causes, not symptoms: when one of them failed, what the user
  /// saw went wrong because of it, and a scenario's trap would mislabel the run.
  package static let causeFamilies: Set<CheckID.Family> = [.audio, .run, .step]

  /// Failures of a cause family that explain only what they are about: an undrained converter's
  /// last milliseconds (`audio.tail`) cannot explain a phrase the user did not see.
  package static let narrowCauses: Set<CheckID> = [CheckID(.audio, "tail")]

  /// Creates a trap about `checks` (the default families when nil).
  package init(_ text: String, checks: [Target]? = nil) {
    self.text = text
    self.checks = checks ?? Self.defaultFamilies.map(Target.family)
  }

  /// `failures` with the trap named in each failure it is about — unless a cause failed.
  /// - Parameter failures: Every failure of the run.
  /// - Returns: The failures, those about the trap naming it in message and ``ScenarioFailure/trap``.
  package func label(_ failures: [ScenarioFailure]) -> [ScenarioFailure] {
    guard
      !failures.contains(where: {
        Self.causeFamilies.contains($0.check.family) && !Self.narrowCauses.contains($0.check)
      })
    else { return failures }
    return failures.map { failure in
      guard checks.contains(where: { $0.covers(failure.check) }) else { return failure }
      var labelled = failure
      labelled.message += "; this scenario guards against: \(text)"
      labelled.trap = text
      return labelled
    }
  }
}
