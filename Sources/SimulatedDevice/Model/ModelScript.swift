import CoreMediaTwin

/// What a scripted speech model says and when: results keyed to audio time, faults, and the
/// latency with which results are published.
///
/// Write it as an explicit list (as captured from a device) or generate it from a word-timed
/// transcript with ``init(transcript:options:)``.
///
/// ```swift
/// let script = ModelScript(entries: [
///   .volatile("the", at: .seconds(0.4)),
///   .volatile("the quick", at: .seconds(0.8)),
///   .final("The quick brown fox.", at: .seconds(1.6)),
/// ])
/// ```
public struct ModelScript: Sendable, Hashable {
  /// The results, in the order of their audio time.
  public var entries: [Entry]
  /// Errors, stalls and latency spikes at audio times.
  public var faults: [Fault]
  /// How long after the triggering audio a result is published, unless an entry says otherwise.
  public var latency: Duration
  /// Whether every result after the first final begins with a space, so that `committed +=
  /// result.text` reads as sentences. Apple does not document the spacing; the evidence (see
  /// Documentation/Twins.md) points to a space, but the default stays `false` until the harness's
  /// own subjects and utterance metrics handle spaced results.
  public var leadingSpaceAfterFirstFinal: Bool
  /// Whether the model uses a custom language model the request names
  /// (`SFSpeechRecognitionRequest.customizedLanguageModel`,
  /// `DictationTranscriber.ContentHint.customizedLanguage`). The twin records the answer in the
  /// trace; a scripted model's text does not change with it.
  public var usesCustomLanguageModel: Bool
  /// How long the results `finalize(through:)` produces take to be published; ``latency`` when nil
  /// (``ModelProfile/finalizeDelay``).
  public var finalizeDelay: Duration?
  /// Extra delay of the results triggered by a session's first audio: the model warming up
  /// (``ModelProfile/firstResultDelay``). Results due in the first this-much of audio after the
  /// first buffer wait until the model is ready, as behind a stall, so none overtakes another.
  public var firstResultDelay: Duration = .zero

  /// Creates a script; entries are ordered by audio time (stable for equal times).
  public init(
    entries: [Entry], faults: [Fault] = [], latency: Duration = .zero, leadingSpaceAfterFirstFinal: Bool = false,
    usesCustomLanguageModel: Bool = true
  ) {
    self.entries = entries.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(
      \.element)
    self.faults = faults
    self.latency = latency
    self.leadingSpaceAfterFirstFinal = leadingSpaceAfterFirstFinal
    self.usesCustomLanguageModel = usesCustomLanguageModel
  }
}

extension CMTime {
  /// The time of `seconds` at a microsecond timescale, for scripts written in seconds.
  public static func seconds(_ seconds: Double) -> CMTime { CMTime(seconds: seconds, preferredTimescale: 1_000_000) }
}

extension ModelScript {
  /// Takes the finalize and first-result timing of `profile` (its cadence applies to generated scripts).
  public mutating func apply(_ profile: ModelProfile) {
    finalizeDelay = profile.finalizeDelay
    firstResultDelay = profile.firstResultDelay
  }
}
