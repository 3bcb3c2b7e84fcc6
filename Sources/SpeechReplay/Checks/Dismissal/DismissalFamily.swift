extension CheckID.Family {
  /// What `dismiss` steps leave alive.
  public static let dismissal = CheckID.Family(declaring: "dismissal")
}

/// The `dismissal` family's declaration (``CheckRegistry``).
enum DismissalFamily: CheckFamily {
  static let family = CheckID.Family.dismissal

  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] { [DismissalCheck()] }
}
