extension CheckID.Family {
  /// First divergence of a replayed capture from what the device showed (`observed:`).
  public static let divergence = CheckID.Family(declaring: "divergence")
}

/// The `divergence` family's declaration (``CheckRegistry``).
enum DivergenceFamily: CheckFamily {
  static let family = CheckID.Family.divergence

  /// Only a scenario imported from a capture (top-level `observed:`) has something to compare.
  static func checks(for record: RunRecord, setup: RunSetup) -> [any ScenarioCheck] {
    record.scenario.observed.map { [DivergenceCheck(observed: $0)] } ?? []
  }
}
