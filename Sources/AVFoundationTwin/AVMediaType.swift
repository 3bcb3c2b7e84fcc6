/// A media type — the twin of `AVMediaType` (an Objective-C string enum in Apple's SDK).
public struct AVMediaType: RawRepresentable, Hashable, Sendable {
  /// Apple's four-character string (`soun`, `vide`).
  public let rawValue: String

  /// Creates a media type from its string.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Audio (`soun`).
  public static let audio = AVMediaType(rawValue: "soun")
  /// Video (`vide`).
  public static let video = AVMediaType(rawValue: "vide")
  /// Text (`text`).
  public static let text = AVMediaType(rawValue: "text")
}
