/// One result a transcriber published, as the capture stores it.
public struct CaptureResult: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Which module published it.
  public enum Module: String, Sendable, Hashable, Codable {
    /// `SpeechTranscriber`.
    case speechTranscriber
    /// `DictationTranscriber`.
    case dictationTranscriber
  }

  /// The module that published the result.
  public var module: Module
  /// Whether the result is final (its finalization time reaches the end of its range).
  public var isFinal: Bool
  /// The best transcription.
  public var text: String
  /// Start of the audio range, in seconds of the analyzer's audio timeline.
  public var rangeStart: Double
  /// Length of the audio range in seconds.
  public var rangeDuration: Double
  /// The results finalization time in seconds.
  public var finalizationTime: Double
  /// Every alternative, best first (the first is ``text``).
  public var alternatives: [String]
  /// The mean word confidence (0…1) when the transcriber reported confidence.
  public var confidence: Double?

  /// Creates a result from its values.
  public init(
    module: Module, isFinal: Bool, text: String, rangeStart: Double, rangeDuration: Double, finalizationTime: Double,
    alternatives: [String], confidence: Double?
  ) {
    self.module = module
    self.isFinal = isFinal
    self.text = text
    self.rangeStart = rangeStart
    self.rangeDuration = rangeDuration
    self.finalizationTime = finalizationTime
    self.alternatives = alternatives
    self.confidence = confidence
  }

  /// `final 0.480–1.920 s "the quick brown fox"`.
  public var description: String {
    let start = rangeStart.formatted(.number.precision(.fractionLength(3)))
    let end = (rangeStart + rangeDuration).formatted(.number.precision(.fractionLength(3)))
    return "\(isFinal ? "final" : "volatile") \(start)–\(end) s \"\(text)\""
  }
}
