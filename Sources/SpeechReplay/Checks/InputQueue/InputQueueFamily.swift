extension CheckID.Family {
  /// The subject's reported input queue (figures only).
  public static let inputQueue = CheckID.Family(declaring: "inputQueue")
}

/// The `inputQueue` family's declaration (``CheckRegistry``).
enum InputQueueFamily: CheckFamily {
  static let family = CheckID.Family.inputQueue

  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] { [InputQueueCheck()] }
}
