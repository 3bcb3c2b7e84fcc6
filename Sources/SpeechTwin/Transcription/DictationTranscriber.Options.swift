extension DictationTranscriber {
  /// What kind of speech to expect.
  public struct ContentHint: Sendable, Hashable {
    let name: String
    /// The custom language model of a `customizedLanguage` hint.
    let modelConfiguration: SFSpeechLanguageModel.Configuration?

    init(name: String, modelConfiguration: SFSpeechLanguageModel.Configuration? = nil) {
      self.name = name
      self.modelConfiguration = modelConfiguration
    }

    /// Biases recognition toward a custom language model prepared with
    /// ``SFSpeechLanguageModel/prepareCustomLanguageModel(for:clientIdentifier:configuration:)``.
    public static func customizedLanguage(modelConfiguration: SFSpeechLanguageModel.Configuration) -> ContentHint {
      ContentHint(name: "customizedLanguage", modelConfiguration: modelConfiguration)
    }
    /// About a minute of speech or less.
    public static let shortForm = ContentHint(name: "shortForm")
    /// A distant speaker.
    public static let farField = ContentHint(name: "farField")
    /// Accented or atypical speech.
    public static let atypicalSpeech = ContentHint(name: "atypicalSpeech")
  }

  /// Text transformations.
  public enum TranscriptionOption: CaseIterable, Sendable, Hashable {
    /// Punctuation from context (without it only spoken punctuation is written).
    case punctuation
    /// Spoken emoji names become emoji.
    case emoji
    /// Replaces expletives with asterisks.
    case etiquetteReplacements
  }

  /// What the module reports besides final results.
  public enum ReportingOption: CaseIterable, Sendable, Hashable {
    /// Tentative results that are replaced until final.
    case volatileResults
    /// Alternatives beyond the best transcription.
    case alternativeTranscriptions
    /// More frequent, less accurate finals.
    case frequentFinalization
  }

  /// Attributes on the result text.
  public enum ResultAttributeOption: CaseIterable, Sendable, Hashable {
    /// Each run's audio time range.
    case audioTimeRange
    /// Each run's confidence.
    case transcriptionConfidence
  }

  /// A named combination of options, as Apple defines them.
  public struct Preset: Sendable, Hashable {
    /// Content hints.
    public var contentHints: Set<ContentHint>
    /// Text transformations.
    public var transcriptionOptions: Set<TranscriptionOption>
    /// Reporting options.
    public var reportingOptions: Set<ReportingOption>
    /// Attribute options.
    public var attributeOptions: Set<ResultAttributeOption>

    /// Creates a preset.
    public init(
      contentHints: Set<ContentHint>, transcriptionOptions: Set<TranscriptionOption>,
      reportingOptions: Set<ReportingOption>,
      attributeOptions: Set<ResultAttributeOption>
    ) {
      self.contentHints = contentHints
      self.transcriptionOptions = transcriptionOptions
      self.reportingOptions = reportingOptions
      self.attributeOptions = attributeOptions
    }

    /// A short phrase, no punctuation.
    public static let phrase = Preset(
      contentHints: [.shortForm], transcriptionOptions: [], reportingOptions: [], attributeOptions: [])
    /// Short dictation with punctuation.
    public static let shortDictation = Preset(
      contentHints: [.shortForm], transcriptionOptions: [.punctuation], reportingOptions: [], attributeOptions: [])
    /// Short dictation with volatile results and frequent finals.
    public static let progressiveShortDictation = Preset(
      contentHints: [.shortForm], transcriptionOptions: [.punctuation],
      reportingOptions: [.volatileResults, .frequentFinalization],
      attributeOptions: [])
    /// Long dictation with punctuation.
    public static let longDictation = Preset(
      contentHints: [], transcriptionOptions: [.punctuation], reportingOptions: [], attributeOptions: [])
    /// Long dictation with volatile results.
    public static let progressiveLongDictation = Preset(
      contentHints: [], transcriptionOptions: [.punctuation], reportingOptions: [.volatileResults], attributeOptions: []
    )
    /// Long dictation with audio time ranges.
    public static let timeIndexedLongDictation = Preset(
      contentHints: [], transcriptionOptions: [.punctuation], reportingOptions: [], attributeOptions: [.audioTimeRange])
  }
}
