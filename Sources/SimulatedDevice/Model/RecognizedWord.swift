import CoreMediaTwin

/// One word of a recognised text, with the audio it came from and the model's confidence when known.
public struct RecognizedWord: Sendable, Hashable {
  /// The word as it should be displayed.
  public var text: String
  /// The audio the word was recognised from, when the model reports it.
  public var range: CMTimeRange?
  /// Confidence in 0…1, when the model reports it.
  public var confidence: Double?

  /// Creates a word.
  public init(_ text: String, range: CMTimeRange? = nil, confidence: Double? = nil) {
    self.text = text
    self.range = range
    self.confidence = confidence
  }
}
