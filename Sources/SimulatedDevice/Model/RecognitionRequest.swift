/// What a speech module asks of the model when an analysis starts: which language and which parts
/// of a result to produce. The twins build it from a transcriber's options.
public struct RecognitionRequest: Sendable, Hashable {
  /// The kind of module asking.
  public enum ModuleKind: String, Sendable, Hashable {
    /// `SpeechTranscriber`.
    case speechTranscriber
    /// `DictationTranscriber`.
    case dictationTranscriber
    /// `SFSpeechRecognizer` (the pre-26 API).
    case speechRecognizer
  }

  /// The module kind.
  public var module: ModuleKind
  /// The locale, as a BCP-47 identifier (`en-US`).
  public var localeIdentifier: String
  /// Whether tentative (volatile) results are wanted; without it only finals are published.
  public var reportsVolatileResults: Bool
  /// Whether alternatives beyond the best transcription are wanted.
  public var reportsAlternatives: Bool
  /// Whether runs carry audio time ranges.
  public var includesAudioTimeRanges: Bool
  /// Whether runs carry confidence values.
  public var includesConfidence: Bool
  /// The custom language model the request names (its file path), if any.
  public var customLanguageModel: String?

  /// Creates a request.
  public init(
    module: ModuleKind, localeIdentifier: String, reportsVolatileResults: Bool, reportsAlternatives: Bool = false,
    includesAudioTimeRanges: Bool = false, includesConfidence: Bool = false, customLanguageModel: String? = nil
  ) {
    self.module = module
    self.localeIdentifier = localeIdentifier
    self.reportsVolatileResults = reportsVolatileResults
    self.reportsAlternatives = reportsAlternatives
    self.includesAudioTimeRanges = includesAudioTimeRanges
    self.includesConfidence = includesConfidence
    self.customLanguageModel = customLanguageModel
  }
}
