extension CheckID.Family {
  /// The simulation itself: it did not finish, the body threw, work escaped it.
  public static let run = CheckID.Family(declaring: "run")
}

/// The `run` family's declaration (``CheckRegistry``).
enum RunFamily: CheckFamily {
  static let family = CheckID.Family.run

  /// The figures this family reports, with which way is worse and how far they may move
  /// (``FigureRule``: what `compare` and the trend page judge by).
  static var figureRules: [CheckID.Family.FigureDeclaration] {
    [
      CheckID.Family.FigureDeclaration("virtualSeconds", worse: .neither, unit: .seconds),
      CheckID.Family.FigureDeclaration("buffers", worse: .neither),
      CheckID.Family.FigureDeclaration("conversions", worse: .neither),
      CheckID.Family.FigureDeclaration("inputs", worse: .neither),
      CheckID.Family.FigureDeclaration("inputsRejected", worse: .higher),
      CheckID.Family.FigureDeclaration("results", worse: .neither),
      CheckID.Family.FigureDeclaration("uiStates", worse: .neither),
      CheckID.Family.FigureDeclaration("traceEvents", worse: .neither),
      // Resources still open at the end of the run.
      CheckID.Family.FigureDeclaration("ledger.*", worse: .higher),
      // The scenario's wall-clock time, which the history adds to every result (a noise band judges it).
      CheckID.Family.FigureDeclaration("wallSeconds", worse: .higher, unit: .seconds),
    ]
  }

  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] { [RunCheck()] }
}
