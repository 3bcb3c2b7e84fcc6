/// Whether a figure was measured in virtual time (exact: the same scenario and seed give the same
/// value) or on the wall clock (noisy: compared with a threshold).
public enum FigureKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// Measured in the simulation: counts and virtual-time durations. Any difference is a change.
  case virtual
  /// Measured on the machine's clock. Only a change above the noise threshold counts.
  case wall

  /// The kind of a named figure: names that start with `wall` (`wallSeconds`, `wall.startup`) are
  /// wall-clock figures; every other figure the runner reports is counted in virtual time.
  ///
  /// - Parameter name: The figure's name.
  /// - Returns: `.wall` for a wall-clock figure, `.virtual` otherwise.
  public static func of(figure name: String) -> FigureKind {
    name.hasPrefix("wall") ? .wall : .virtual
  }
}
