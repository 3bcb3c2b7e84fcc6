extension CheckID {
  /// The families of checks a run is judged by. Each registered family declares its name in its own
  /// folder under `Checks/` (`extension CheckID.Family { static let metric = … }`) and is listed once
  /// in `CheckRegistry`; `scenario` and `step` are produced by the loader and the session, not by
  /// a check. `Documentation/Architecture.md` has the table.
  public struct Family: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The family's name, the part of a ``CheckID`` before the dot.
    public let rawValue: String

    /// The family named `rawValue`; nil when no such family exists.
    public init?(rawValue: String) {
      guard let family = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
      self = family
    }

    /// Declares a family; a family folder's declaration, listed in `CheckRegistry`.
    init(declaring name: String) { rawValue = name }

    /// Reads a family's name; an unknown one is an error.
    public init(from decoder: any Decoder) throws {
      let name = try decoder.singleValueContainer().decode(String.self)
      guard let family = Self(rawValue: name) else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: decoder.codingPath, debugDescription: "'\(name)' is not a check family"))
      }
      self = family
    }

    /// Writes the family's name.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    }

    /// The family's name.
    public var description: String { rawValue }

    /// Every family: the two without a check, then the registered ones in the order they report.
    public static var allCases: [Family] { [.scenario, .step] + CheckRegistry.families.map { $0.family } }

    /// The scenario file could not be loaded or is refused (limits, presets).
    public static let scenario = Family(declaring: "scenario")
    /// The steps: a step that could not be performed (a route change that failed, a stop with no screen).
    public static let step = Family(declaring: "step")
  }
}
