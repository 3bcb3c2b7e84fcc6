import CoreMediaTwin

/// A result as the model produces it, before a module turns it into Apple's result type: the audio
/// range it covers, the time before which everything is final, and its alternatives (best first).
public struct RecognizedResult: Sendable, Hashable, CustomStringConvertible {
  /// The audio the result covers.
  public var range: CMTimeRange
  /// Results for audio before this time are final (Apple's `resultsFinalizationTime`).
  public var finalizationTime: CMTime
  /// The transcriptions, best first; never empty (the best may be empty).
  public var alternatives: [RecognizedText]
  /// Whether the module writes a space before the text (results after the first final, when the
  /// script says so: ``ModelScript/leadingSpaceAfterFirstFinal``).
  public var leadingSpace: Bool

  /// Creates a result; `alternatives` must not be empty (an empty list becomes one empty text).
  public init(range: CMTimeRange, finalizationTime: CMTime, alternatives: [RecognizedText], leadingSpace: Bool = false)
  {
    self.range = range
    self.finalizationTime = finalizationTime
    self.alternatives = alternatives.isEmpty ? [RecognizedText(words: [])] : alternatives
    self.leadingSpace = leadingSpace
  }

  /// The best transcription.
  public var text: RecognizedText { alternatives[0] }

  /// Apple's rule: final when the finalization time is at or past the end of the range.
  public var isFinal: Bool { finalizationTime >= range.end }

  /// `final [0.000–1.600) "the quick brown fox"`.
  public var description: String {
    "\(isFinal ? "final" : "volatile") [\(range.start.millisecondsText)–\(range.end.millisecondsText)) \"\(text.string)\""
  }
}
