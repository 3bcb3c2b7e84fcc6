/// One figure a check measured: a name from the check's closed set, a value, its unit, and whether
/// it was measured in virtual time (exact: the same scenario and seed give the same value) or on the
/// machine (noisy: compared with a threshold). History and `compare` read ``clock``, never the name.
public struct Figure: Sendable, Hashable, Codable, CustomStringConvertible {
  /// What a figure's value counts.
  public enum Unit: String, Sendable, Hashable, Codable, CaseIterable {
    /// Seconds (virtual or wall-clock, as ``Figure/clock`` says).
    case seconds
    /// A count of things (buffers, results, words, cycles).
    case count
    /// Bytes.
    case bytes
    /// A ratio or rate without a unit (a streaming metric, a fraction of audio).
    case ratio
    /// Decibels (a signal-to-noise ratio).
    case decibels
  }

  /// Where a figure was measured.
  public enum Clock: String, Sendable, Hashable, Codable, CaseIterable {
    /// In the simulation: counts and virtual-time durations. Any difference is a change.
    case virtual
    /// On the machine: its clock or its process heap. Only a change above the noise threshold counts.
    case wall
  }

  /// The figure's name (`latency.final.p90`, `audio.lostSeconds`).
  public var name: String
  /// Its value, in ``unit``.
  public var value: Double
  /// What the value counts.
  public var unit: Unit
  /// Where it was measured.
  public var clock: Clock

  /// Creates a figure.
  public init(_ name: String, _ value: Double, unit: Unit, clock: Clock = .virtual) {
    self.name = name
    self.value = value
    self.unit = unit
    self.clock = clock
  }

  /// `name = value unit`.
  public var description: String { "\(name) = \(value) \(unit.rawValue)\(clock == .wall ? " (wall)" : "")" }
}
