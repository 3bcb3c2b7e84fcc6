/// Which check a failure or a figure comes from: a family and a name within it, written
/// `family.name` (`invariant.no-stutter`, `budget.firstVolatile`, `state.final`, `audio.lost`).
///
/// The identity is what the bug zoo, the HTML report, `explore`'s shrinker and a scenario's
/// `trap:` compare — never the words of a message, which may change.
public struct CheckID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The family: one folder under `Sources/SpeechReplay/Checks/`, one part of the scenario model.
  public var family: Family
  /// The check within its family (an invariant's name, a budget's measure, `final`, `snapshot`…).
  public var name: String

  /// Creates an identity.
  public init(_ family: Family, _ name: String) {
    self.family = family
    self.name = name
  }

  /// Parses `family.name`; nil when the family is unknown or the name is empty.
  public init?(_ text: String) {
    guard let dot = text.firstIndex(of: "."), let family = Family(rawValue: String(text[..<dot])) else { return nil }
    let name = String(text[text.index(after: dot)...])
    guard !name.isEmpty else { return nil }
    self.init(family, name)
  }

  /// `family.name`.
  public var description: String { "\(family.rawValue).\(name)" }

  /// Orders by family, then name.
  public static func < (lhs: CheckID, rhs: CheckID) -> Bool { lhs.description < rhs.description }

  /// Decodes `family.name`.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let id = CheckID(text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a check identity (family.name)"))
    }
    self = id
  }

  /// Encodes `family.name`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
