import Foundation
import SpeechReplay

extension RunComparison {
  /// One difference in one scenario, with its verdict.
  package struct Change: Sendable, Hashable {
    /// The scenario's name.
    package var scenario: String
    /// What changed.
    package var kind: Kind
    /// Whether it is a regression, an improvement or another change.
    package var verdict: FigureRule.Verdict
    /// The rule a figure was judged by (nil for changes that are not a figure's).
    package var rule: FigureRule?

    /// What can change.
    package enum Kind: Sendable, Hashable {
      /// The scenario is new in the run.
      case added
      /// The scenario was in the baseline but not in the run, though the run covered its file.
      case removed
      /// The scenario was in the baseline; the run did not cover its file (other paths, a shard).
      case notRun
      /// The scenario's file moved: the run has the same scenario file (by content) under another path.
      case renamed(from: String, to: String)
      /// The scenario's file or its audio changed between the runs: what follows may be the edit's doing.
      case edited(what: String)
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
    ///   - verdict: Its verdict; by default the one its kind has under the figures' declared rules.
    ///   - rule: The rule a figure was judged by.
    package init(scenario: String, kind: Kind, verdict: FigureRule.Verdict? = nil, rule: FigureRule? = nil) {
      self.scenario = scenario
      self.kind = kind
      self.rule = rule
      self.verdict = verdict ?? Self.verdict(of: kind, rule: rule)
    }

    /// The verdict of a change: a scenario that stopped passing or vanished from files the run
    /// covered is a regression, one that started passing an improvement; a figure is judged by its
    /// rule (which way is worse; its tolerance for a virtual figure, the noise band for a wall one).
    /// A trace hash, a new scenario, an edited or renamed file are changes: findings, not verdicts.
    static func verdict(of kind: Kind, rule: FigureRule?) -> FigureRule.Verdict {
      switch kind {
      case .status(let from, let to):
        if from == .passed && to != .passed { return .regression }
        return to == .passed ? .improvement : .change
      case .removed: return .regression
      case .virtualFigure(let name, let from, let to):
        guard let from, let to else { return .change }
        return (rule ?? FigureRule.rule(for: name)).verdict(from: from, to: to) ?? .change
      case .wallFigure(let name, let baseline, let value, _):
        switch (rule ?? FigureRule.rule(for: name)).worse {
        case .higher: return value > baseline ? .regression : .improvement
        case .lower: return value < baseline ? .regression : .improvement
        case .neither: return .change
        }
      case .added, .notRun, .renamed, .edited, .traceHash: return .change
      }
    }

    /// Whether the change makes things worse (what `compare` exits 1 for).
    package var isRegression: Bool { verdict == .regression }

    /// How large the change is, for ordering regressions largest first: the relative change of a
    /// figure (infinite from zero), infinite for a status or a vanished scenario.
    package var size: Double {
      switch kind {
      case .status, .removed: return .infinity
      case .virtualFigure(_, let from?, let to?): return from == 0 ? .infinity : abs(to - from) / abs(from)
      case .wallFigure(_, let baseline, let value, _):
        return baseline == 0 ? .infinity : abs(value - baseline) / baseline
      default: return 0
      }
    }

    /// One line that says what changed.
    package var summary: String {
      switch kind {
      case .added: "new scenario (not in the baseline)"
      case .removed: "missing from the run (it was in the baseline, and the run covered its file)"
      case .notRun: "not run (in the baseline; the run did not cover its file)"
      case .renamed(let from, let to): "renamed: \(from) → \(to) (the same file content)"
      case .edited(let what): "\(what) changed between the runs: changes below may be the edit's, not the stack's"
      case .status(let from, let to): "status \(from.rawValue) → \(to.rawValue)"
      case .traceHash(let from, let to):
        "trace hash \(from) → \(to) (the run did something else; `\(CLIContext.current.commandName) explain` shows the timeline)"
      case .virtualFigure(let name, let from, let to):
        virtualSummary(name: name, from: from, to: to)
      case .wallFigure(let name, let baseline, let value, let allowed):
        "\(name) \(shown(baseline)) → \(shown(value)) (wall, \(Self.percent(value / baseline - 1)); noise band ±\(String(format: "%.1f%%", allowed * 100)))"
      }
    }

    private func virtualSummary(name: String, from: Double?, to: Double?) -> String {
      guard let from, let to else { return "\(name) \(shown(from)) → \(shown(to)) (virtual, exact)" }
      let rule = rule ?? FigureRule.rule(for: name)
      let judged =
        rule.worse == .neither
        ? "not judged" : "tolerance \(rule.tolerance.described(in: rule.unit))"
      let relative = from == 0 ? "" : ", \(Self.percent(to / from - 1))"
      return "\(name) \(shown(from)) → \(shown(to)) (virtual, \(signed(to - from))\(relative); \(judged))"
    }

    /// A value in the figure's unit: seconds as seconds with milliseconds.
    func shown(_ value: Double?) -> String {
      guard let value else { return "absent" }
      if rule?.unit == .seconds || (rule == nil && kindUnit == .seconds) { return String(format: "%.3f s", value) }
      return Self.shown(value)
    }

    private func signed(_ difference: Double) -> String {
      if rule?.unit == .seconds || (rule == nil && kindUnit == .seconds) {
        return (difference >= 0 ? "+" : "−") + Self.milliseconds(abs(difference))
      }
      return (difference >= 0 ? "+" : "−") + Self.shown(abs(difference))
    }

    private var kindUnit: Figure.Unit? {
      switch kind {
      case .virtualFigure(let name, _, _), .wallFigure(let name, _, _, _): FigureRule.rule(for: name).unit
      default: nil
      }
    }

    static func shown(_ value: Double?) -> String {
      guard let value else { return "absent" }
      return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.4g", value)
    }

    /// Seconds as milliseconds: `350 ms`, `0.5 ms`.
    static func milliseconds(_ seconds: Double) -> String {
      let ms = seconds * 1000
      return abs(ms - ms.rounded()) < 1e-6 ? "\(Int64(ms.rounded())) ms" : String(format: "%.3g ms", ms)
    }

    static func percent(_ value: Double) -> String {
      guard value.isFinite else { return "n/a" }
      return (value >= 0 ? "+" : "") + String(format: "%.1f%%", value * 100)
    }
  }
}
