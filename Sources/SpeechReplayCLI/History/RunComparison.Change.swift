import Foundation
import SpeechReplay

extension RunComparison {
  /// One difference in one scenario.
  package struct Change: Sendable, Hashable {
    /// The scenario's name.
    package var scenario: String
    /// What changed.
    package var kind: Kind

    /// What can change.
    package enum Kind: Sendable, Hashable {
      /// The scenario is new in the run.
      case added
      /// The scenario was in the baseline but not in the run.
      case removed
      /// Its status changed.
      case status(from: ScenarioResult.Status, to: ScenarioResult.Status)
      /// Its trace hash changed: it did something else in virtual time.
      case traceHash(from: String, to: String)
      /// A virtual-time figure differs (`nil` when absent on that side).
      case virtualFigure(name: String, from: Double?, to: Double?)
      /// A wall-clock figure moved outside the noise band: baseline mean, new value, allowed relative change.
      case wallFigure(name: String, baseline: Double, value: Double, allowed: Double)
    }

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - scenario: The scenario's name.
    ///   - kind: What changed.
    package init(scenario: String, kind: Kind) {
      self.scenario = scenario
      self.kind = kind
    }

    /// Whether the change makes things worse: a scenario that passed and no longer does, a scenario
    /// gone from the run, or a wall-clock figure above the noise band. Trace-hash and virtual-figure
    /// changes are reported but gate only through a status change, since a behaviour change can be
    /// an intended one.
    package var isRegression: Bool {
      switch kind {
      case .status(let from, let to): from == .passed && to != .passed
      case .removed: true
      case .wallFigure(_, let baseline, let value, _): value > baseline
      case .added, .traceHash, .virtualFigure: false
      }
    }

    /// One line that says what changed.
    package var summary: String {
      switch kind {
      case .added: "new scenario (not in the baseline)"
      case .removed: "missing from the run (it was in the baseline)"
      case .status(let from, let to): "status \(from.rawValue) → \(to.rawValue)"
      case .traceHash(let from, let to):
        "trace hash \(from) → \(to) (the run did something else; `\(CLIContext.current.commandName) explain` shows the timeline)"
      case .virtualFigure(let name, let from, let to):
        "\(name) \(Self.shown(from)) → \(Self.shown(to)) (virtual, exact)"
      case .wallFigure(let name, let baseline, let value, let allowed):
        "\(name) \(Self.shown(baseline)) → \(Self.shown(value)) (wall, \(Self.percent(value / baseline - 1)); noise band ±\(String(format: "%.1f%%", allowed * 100)))"
      }
    }

    static func shown(_ value: Double?) -> String {
      guard let value else { return "absent" }
      return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.4g", value)
    }

    static func percent(_ value: Double) -> String {
      guard value.isFinite else { return "n/a" }
      return (value >= 0 ? "+" : "") + String(format: "%.1f%%", value * 100)
    }
  }
}
