extension CheckID.Family {
  /// One figure (or a family of figures: `*` stands for one dot-free part) a family reports, with
  /// how it is judged.
  public struct FigureDeclaration: Sendable, Hashable {
    /// The figure's name, or a pattern (`latency.*.p50`).
    public var pattern: String
    /// How it is judged.
    public var rule: FigureRule

    /// Declares a figure.
    ///
    /// - Parameters:
    ///   - pattern: Its name or pattern.
    ///   - worse: Which way is worse.
    ///   - tolerance: How far it may move the worse way.
    ///   - unit: What its value counts (seconds are shown in milliseconds).
    public init(
      _ pattern: String, worse: FigureRule.Worse, tolerance: FigureRule.Tolerance = .exact, unit: Figure.Unit = .count
    ) {
      self.pattern = pattern
      rule = FigureRule(worse: worse, tolerance: tolerance, unit: unit)
    }
  }

  /// The figures this family's checks report, each with which way is worse and its tolerance: the
  /// closed set `compare` and the trend page judge by (``FigureRule/rule(for:)``), declared in the
  /// family's folder (`CheckFamily.figureRules`). `RegressionRuleTests` fails for a figure the
  /// bundled checks report that no family declares.
  public var figureRules: [FigureDeclaration] {
    CheckRegistry.families.first { $0.family == self }?.figureRules ?? []
  }
}
