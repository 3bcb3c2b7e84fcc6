extension CheckID.Family {
  /// The subject's reported input queue (figures only).
  public static let inputQueue = CheckID.Family(declaring: "inputQueue")
}

/// The `inputQueue` family's declaration (``CheckRegistry``).
enum InputQueueFamily: CheckFamily {
  static let family = CheckID.Family.inputQueue

  /// The figures this family reports, with which way is worse and how far they may move
  /// (``FigureRule``: what `compare` and the trend page judge by).
  static var figureRules: [CheckID.Family.FigureDeclaration] {
    [
      CheckID.Family.FigureDeclaration(
        "stack.input.peak", worse: .higher, tolerance: FigureRule.Tolerance(absolute: 1)),
      CheckID.Family.FigureDeclaration("stack.input.dropped", worse: .higher),
      CheckID.Family.FigureDeclaration("stack.input.limit", worse: .neither),
    ]
  }

  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] { [InputQueueCheck()] }
}
