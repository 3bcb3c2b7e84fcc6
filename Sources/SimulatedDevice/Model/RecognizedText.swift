/// One transcription of a stretch of audio: its words in order. An empty text means "no speech",
/// which for a volatile result withdraws what was shown for that range.
public struct RecognizedText: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The words, in order.
  public var words: [RecognizedWord]

  /// Creates a text from words.
  public init(words: [RecognizedWord]) { self.words = words }

  /// Creates a text by splitting `text` on spaces, with one confidence for every word.
  public init(_ text: String, confidence: Double? = nil) {
    self.words = text.split(separator: " ").map { RecognizedWord(String($0), confidence: confidence) }
  }

  /// Creates a text from a string literal.
  public init(stringLiteral value: String) { self.init(value) }

  /// The words joined by single spaces.
  public var string: String { words.map(\.text).joined(separator: " ") }

  /// True when there are no words.
  public var isEmpty: Bool { words.isEmpty }

  /// ``string``.
  public var description: String { string }
}
