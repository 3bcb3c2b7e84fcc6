/// How `compare` and the trend page judge one figure between two runs: which way is worse, and how
/// far a virtual figure may move the worse way before the move is a regression.
///
/// Every figure a check reports is declared with its rule in its family's closed set
/// (``CheckID/Family/figureRules``); ``FigureRule/rule(for:)`` finds it by name. A figure no family
/// declares (an app's own) is judged ``Worse/neither``: a move is reported, never a regression.
///
/// ```swift
/// let rule = FigureRule.rule(for: "latency.final.p50")  // higher is worse, 20 ms or 5 % (at least 2 ms)
/// rule.verdict(from: 0.65, to: 1.0)                     // .regression
/// rule.verdict(from: 0.8300, to: 0.8305)                // .change: within the tolerance
/// ```
public struct FigureRule: Sendable, Hashable {
  /// Which way of moving makes a figure worse.
  public enum Worse: String, Sendable, Hashable, CaseIterable {
    /// A larger value is worse (a latency, lost audio, a leak's growth).
    case higher
    /// A smaller value is worse (a signal-to-noise ratio).
    case lower
    /// Neither: a count that describes the run (buffers, results); a move is reported, never judged.
    case neither
  }

  /// What a move of a figure is.
  public enum Verdict: String, Sendable, Hashable, CaseIterable {
    /// It got worse by more than its tolerance (or its noise band): `compare` exits 1.
    case regression
    /// It got better by more than its tolerance (or its noise band).
    case improvement
    /// It moved, within its tolerance or in a figure that is not judged.
    case change
  }

  /// Which way is worse.
  public var worse: Worse
  /// How far a virtual figure may move the worse way (wall-clock figures use a noise band instead).
  public var tolerance: Tolerance
  /// What the figure's value counts (the history keeps values without units; reports read it here).
  public var unit: Figure.Unit

  /// Creates a rule.
  ///
  /// - Parameters:
  ///   - worse: Which way is worse.
  ///   - tolerance: How far it may move the worse way.
  ///   - unit: What the value counts.
  public init(worse: Worse, tolerance: Tolerance = .exact, unit: Figure.Unit = .count) {
    self.worse = worse
    self.tolerance = tolerance
    self.unit = unit
  }

  /// A figure that is reported when it moves but never judged.
  public static let descriptive = FigureRule(worse: .neither)

  /// Judges a virtual figure's move from `baseline` to `value` by this rule.
  ///
  /// - Parameters:
  ///   - baseline: The baseline run's value.
  ///   - value: The run's value.
  /// - Returns: A regression or an improvement when the move exceeds the tolerance the worse or the
  ///   better way, a change otherwise; `nil` when the values are equal.
  public func verdict(from baseline: Double, to value: Double) -> Verdict? {
    guard value != baseline else { return nil }
    guard worse != .neither else { return .change }
    let worsening = worse == .higher ? value - baseline : baseline - value
    guard abs(worsening) > tolerance.allowed(baseline: baseline) else { return .change }
    return worsening > 0 ? .regression : .improvement
  }

  /// The rule of the figure `name`: its family's declaration, or ``descriptive`` for a name no
  /// family declares.
  ///
  /// - Parameter name: The figure's name (`latency.final.p50`).
  /// - Returns: The rule.
  public static func rule(for name: String) -> FigureRule {
    for family in CheckID.Family.allCases {
      if let declared = family.figureRules.first(where: { Self.matches($0.pattern, name) }) { return declared.rule }
    }
    return .descriptive
  }

  /// Whether a name or pattern written in a scenario or on the command line can name a figure some
  /// family declares (`*` on either side matches any one part).
  ///
  /// - Parameter pattern: `latency.final.p50`, `latency.*.p50`, `audio.*`.
  /// - Returns: Whether some declared figure matches.
  public static func isDeclared(_ pattern: String) -> Bool {
    let parts = pattern.split(separator: ".", omittingEmptySubsequences: false)
    return CheckID.Family.allCases.flatMap(\.figureRules).contains { declared in
      let names = declared.pattern.split(separator: ".", omittingEmptySubsequences: false)
      return names.count == parts.count && zip(names, parts).allSatisfy { $0 == "*" || $1 == "*" || $0 == $1 }
    }
  }

  /// Whether a figure name matches a declared pattern, where `*` stands for one dot-free part.
  ///
  /// - Parameters:
  ///   - pattern: `latency.*.p50`, `ledger.*`, or a plain name.
  ///   - name: The figure's name.
  /// - Returns: Whether it matches.
  public static func matches(_ pattern: String, _ name: String) -> Bool {
    let parts = pattern.split(separator: ".", omittingEmptySubsequences: false)
    let names = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == names.count else { return false }
    return zip(parts, names).allSatisfy { $0 == "*" || $0 == $1 }
  }
}
