/// How a speech model behaves over time, as a named set of figures: the cadence of volatile
/// results, how long a pause must be before a final comes, how long `finalize` takes, and how long
/// the first result takes. Scripts generated from a transcript and scenario skeletons follow one.
///
/// ``speechTranscriber2026`` follows the published measurements of Apple's SpeechTranscriber
/// (Documentation/ModelBehaviour.md has the table of sources, values and dates) and is what a
/// script generated from a transcript follows when the scenario names no profile; ``legacy`` is
/// the behaviour the generator had before, kept by name for the scenarios written against it.
public struct ModelProfile: Sendable, Hashable {
  /// The name a scenario gives (`model.generate.profile`, `scenario new --model`).
  public var name: String
  /// A volatile result is considered this often while someone speaks.
  public var volatileInterval: Duration
  /// Silence after the last word before the model commits an utterance by itself.
  public var finalAfterSilence: Duration
  /// How long the results `finalize` produces take to be published (the drain).
  public var finalizeDelay: Duration
  /// Extra delay of a session's first result (the model warming up); a first-use download adds
  /// the asset catalogue's download time before the session starts at all.
  public var firstResultDelay: Duration

  /// Creates a profile.
  public init(
    name: String, volatileInterval: Duration, finalAfterSilence: Duration, finalizeDelay: Duration,
    firstResultDelay: Duration
  ) {
    self.name = name
    self.volatileInterval = volatileInterval
    self.finalAfterSilence = finalAfterSilence
    self.finalizeDelay = finalizeDelay
    self.firstResultDelay = firstResultDelay
  }

  /// Apple's SpeechTranscriber fed in real time, as measured in 2026: no final during continuous
  /// dictation (finals only after a long pause, or on `finalize`), a finalize drain of 40–140 ms
  /// (90 ms used), a first result 100–500 ms after a warm start (300 ms used).
  public static let speechTranscriber2026 = ModelProfile(
    name: "speechTranscriber2026", volatileInterval: .milliseconds(200), finalAfterSilence: .seconds(3),
    finalizeDelay: .milliseconds(90), firstResultDelay: .milliseconds(300))

  /// The generator's behaviour before calibration: a final 800 ms after every pause, nothing delayed.
  public static let legacy = ModelProfile(
    name: "legacy", volatileInterval: .milliseconds(200), finalAfterSilence: .milliseconds(800),
    finalizeDelay: .zero, firstResultDelay: .zero)

  /// The profile of results generated from a transcript when a scenario names none: Apple's
  /// measured timing. (Explicit results without a profile play as written.)
  public static let generatedDefault = speechTranscriber2026

  /// Every named profile.
  public static let all = [speechTranscriber2026, legacy]

  /// The profile called `name`; nil when there is none.
  public static func named(_ name: String) -> ModelProfile? { all.first { $0.name == name } }
}
