import Foundation

extension ExplorationFinding {
  /// What a finding's shrunk reproducer needs to fail: the perturbation kinds shrinking kept (a
  /// Speech twin's or the audio system's fault named by its own kind, `speechFault: analyzerStops`),
  /// and the place the failure names when its message has one (the task a timer left behind was
  /// armed in, the continuation, engine, tap or session left). Failing runs whose reproducers need
  /// the same are one finding (``Explorer``, Documentation/Explore.md "Findings").
  package struct Cause: Sendable, Hashable, CustomStringConvertible {
    /// The kinds kept, sorted, each once.
    package var kinds: [String]
    /// The place the failure names, as its message quotes it; nil when it names none.
    package var place: String?
    /// With no kind, the scenario file that fails alone (its steps are the cause); nil otherwise.
    package var scenario: String?

    /// Creates a cause.
    package init(kinds: [String], place: String? = nil, scenario: String? = nil) {
      self.kinds = Array(Set(kinds)).sorted()
      self.place = place
      self.scenario = self.kinds.isEmpty ? scenario : nil
    }

    /// The cause of `failure` in a run of `scenario` perturbed by `perturbations`.
    package init(perturbations: [Perturbation], failure: ScenarioFailure, scenario: String) {
      self.init(kinds: perturbations.map(\.causeKind), place: Self.place(in: failure.message), scenario: scenario)
    }

    /// Whether a run of `scenario` perturbed by kinds `runKinds` has everything this cause needs.
    package func isNeeded(within runKinds: Set<String>, scenario: String) -> Bool {
      kinds.allSatisfy(runKinds.contains) && (self.scenario == nil || self.scenario == scenario)
    }

    /// Whether two shrunk reproducers agree: one's kinds hold all of the other's (the larger kept a
    /// perturbation the smaller shows is not needed), on the same scenario when one needs none.
    package func agrees(with other: Cause) -> Bool {
      guard scenario == nil || other.scenario == nil || scenario == other.scenario else { return false }
      return kinds.allSatisfy(other.kinds.contains) || other.kinds.allSatisfy(kinds.contains)
    }

    /// `hardware + speechFault: analyzerStops, at task 'meter'`; `no perturbation` when the
    /// scenario fails with its steps alone.
    package var description: String {
      let needs = kinds.isEmpty ? "no perturbation" : kinds.joined(separator: " + ")
      return place.map { "\(needs), at \($0)" } ?? needs
    }

    /// The place a message names: the first single-quoted name after `task`, `continuation(s)`,
    /// `engine`, `tap` or `session` (`task 'meter'`), as the end-state checks write what was left
    /// and where it was made; nil when there is none. Numbers and transcripts are never part of
    /// it, so runs of other lengths and words agree.
    package static func place(in message: String) -> String? {
      let pattern = "\\b(task|continuations?|engine|tap|session) '([^']*)'"
      guard let expression = try? NSRegularExpression(pattern: pattern),
        let match = expression.firstMatch(in: message, range: NSRange(message.startIndex..., in: message)),
        let range = Range(match.range, in: message)
      else { return nil }
      return String(message[range]).replacingOccurrences(of: "continuations '", with: "continuation '")
    }
  }

  /// A check a finding's cause broke, with the place its message names and the trap it points at:
  /// what two failing runs must share to be one finding.
  package struct Broken: Sendable, Hashable {
    /// The check.
    package var check: CheckID
    /// ``Cause/place(in:)`` of its message.
    package var place: String?
    /// The trap the failure points at (``ScenarioFailure/trap``): the harness's diagnosis of the
    /// stack's mistake, whatever perturbation reached it.
    package var trap: String?

    /// The check, place and trap of `failure`.
    package init(_ failure: ScenarioFailure) {
      check = failure.check
      place = Cause.place(in: failure.message)
      trap = failure.trap
    }

    /// Whether `other` is the same check at the same place.
    func isAt(_ other: Broken) -> Bool { check == other.check && place == other.place }
  }

  /// One failing run a finding stands for.
  package struct Hit: Sendable, Hashable {
    /// The run's number in the exploration (1-based, as ``ExplorationFinding/run``).
    package var run: Int
    /// The run's own seed (its scenario's `seed:`).
    package var seed: UInt64
  }
}

extension Perturbation {
  /// The perturbation's part of a ``ExplorationFinding/Cause``: its kind, and for a twin's fault the
  /// fault's own kind (`speechFault: converterFailsAt`, `audioSystem: mediaServicesReset`), since
  /// each is a failure mode of its own that a stack handles (or not) on its own.
  package var causeKind: String {
    switch self {
    case .analyzerStop: "speechFault: analyzerStops"
    case .queuedDownload: "speechFault: returnsWhileDownloading"
    case .converterError: "speechFault: converterFailsAt"
    case .audioSystem(_, .activationFails): "audioSystem: activationFails"
    case .audioSystem(_, let fault): "audioSystem: \(fault)"
    default: kind.rawValue
    }
  }
}
