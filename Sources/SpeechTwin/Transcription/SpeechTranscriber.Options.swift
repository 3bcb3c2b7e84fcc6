extension SpeechTranscriber {
  /// Text transformations.
  public enum TranscriptionOption: CaseIterable, Sendable, Hashable {
    /// Replaces expletives with asterisks.
    case etiquetteReplacements
  }

  /// What the transcriber reports besides final results.
  public enum ReportingOption: CaseIterable, Sendable, Hashable {
    /// Tentative results that are replaced until they are final.
    case volatileResults
    /// Alternatives beyond the best transcription.
    case alternativeTranscriptions
    /// Lower latency, less accuracy.
    case fastResults
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
    /// Text transformations.
    public var transcriptionOptions: Set<TranscriptionOption>
    /// Reporting options.
    public var reportingOptions: Set<ReportingOption>
    /// Attribute options.
    public var attributeOptions: Set<ResultAttributeOption>

    /// Creates a preset.
    public init(
      transcriptionOptions: Set<TranscriptionOption>, reportingOptions: Set<ReportingOption>,
      attributeOptions: Set<ResultAttributeOption>
    ) {
      self.transcriptionOptions = transcriptionOptions
      self.reportingOptions = reportingOptions
      self.attributeOptions = attributeOptions
    }

    /// Finals only.
    public static let transcription = Preset(transcriptionOptions: [], reportingOptions: [], attributeOptions: [])
    /// Finals with alternatives.
    public static let transcriptionWithAlternatives = Preset(
      transcriptionOptions: [], reportingOptions: [.alternativeTranscriptions], attributeOptions: [])
    /// Finals with alternatives and audio time ranges.
    public static let timeIndexedTranscriptionWithAlternatives = Preset(
      transcriptionOptions: [], reportingOptions: [.alternativeTranscriptions], attributeOptions: [.audioTimeRange])
    /// Volatile and fast results, for live text.
    public static let progressiveTranscription = Preset(
      transcriptionOptions: [], reportingOptions: [.volatileResults, .fastResults], attributeOptions: [])
    /// Volatile and fast results with audio time ranges.
    public static let timeIndexedProgressiveTranscription = Preset(
      transcriptionOptions: [], reportingOptions: [.volatileResults, .fastResults], attributeOptions: [.audioTimeRange])
  }
}
