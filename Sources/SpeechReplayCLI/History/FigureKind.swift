import SpeechReplay

/// Whether a figure was measured in virtual time (exact: the same scenario and seed give the same
/// value) or on the wall clock (noisy: compared with a threshold).
package enum FigureKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// Measured in the simulation: counts and virtual-time durations. Any difference is a change.
  case virtual
  /// Measured on the machine: its clock, or its process heap. Only a change above the noise
  /// threshold counts.
  case wall

  /// Figures measured on the machine although their names do not start with `wall`: the process
  /// heap's growth per leak cycle varies between machines and runs (allocator, other work in the
  /// process), so an exact comparison would report noise as a change.
  static let machineMeasured: Set<String> = ["leak.heapBytesPerCycle"]

  /// The kind of a named figure: names that start with `wall` (`wallSeconds`, `wall.startup`) and
  /// the process-heap figure `leak.heapBytesPerCycle` are machine figures, compared with the noise
  /// threshold; every other figure the runner reports is counted in virtual time.
  ///
  /// - Parameter name: The figure's name.
  /// - Returns: `.wall` for a wall-clock or process-heap figure, `.virtual` otherwise.
  package static func of(figure name: String) -> FigureKind {
    name.hasPrefix("wall") || machineMeasured.contains(name) ? .wall : .virtual
  }
}
