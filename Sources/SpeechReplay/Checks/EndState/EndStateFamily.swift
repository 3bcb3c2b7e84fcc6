extension CheckID.Family {
  /// What a stack leaves behind when it is at rest: checked when a run ends idle after a start.
  public static let endState = CheckID.Family(declaring: "endState")
}

/// The `endState` family's declaration (``CheckRegistry``): no key of its own; it judges every run
/// whose last step left the screen idle after a start (the stop's own parts: after a stop).
enum EndStateFamily: CheckFamily {
  static let family = CheckID.Family.endState

  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] {
    [EndStateCheck()]
  }
}
