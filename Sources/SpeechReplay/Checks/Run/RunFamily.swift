extension CheckID.Family {
  /// The simulation itself: it did not finish, the body threw, work escaped it.
  public static let run = CheckID.Family(declaring: "run")
}

/// The `run` family's declaration (``CheckRegistry``).
enum RunFamily: CheckFamily {
  static let family = CheckID.Family.run

  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] { [RunCheck()] }
}
