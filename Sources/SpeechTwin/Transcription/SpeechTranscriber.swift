import AVFAudioTwin
import CoreMediaTwin
import Foundation
import SimulatedDevice
import Simulation

/// The speech-to-text module for general transcription — the twin of Apple's `SpeechTranscriber`.
///
/// Configure it with a locale and a preset (or explicit options), add it to a ``SpeechAnalyzer``
/// and read ``results``. On the simulated device its text comes from the device's speech model
/// (usually a scripted one), keyed to the audio the analyzer consumes.
///
/// ```swift
/// let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
/// let analyzer = SpeechAnalyzer(modules: [transcriber])
/// for try await result in transcriber.results { print(result.text, result.isFinal) }
/// ```
public final class SpeechTranscriber: LocaleDependentSpeechModule, TranscriptionModule {
  private let core: TranscriberCore<Result>
  /// Counts live transcribers, so leak cycles name this type when transcribers pile up.
  private let liveObjects = LiveObjectTracker(SpeechTranscriber.self)

  /// Creates a transcriber for `locale` with a preset's options.
  public convenience init(locale: Locale, preset: Preset) {
    self.init(
      locale: locale, transcriptionOptions: preset.transcriptionOptions, reportingOptions: preset.reportingOptions,
      attributeOptions: preset.attributeOptions)
  }

  /// Creates a transcriber for `locale` with explicit options.
  public init(
    locale: Locale, transcriptionOptions: Set<TranscriptionOption>, reportingOptions: Set<ReportingOption>,
    attributeOptions: Set<ResultAttributeOption>
  ) {
    core = TranscriberCore(
      locale: locale, module: .speechTranscriber, volatile: reportingOptions.contains(.volatileResults),
      alternatives: reportingOptions.contains(.alternativeTranscriptions),
      timeRanges: attributeOptions.contains(.audioTimeRange),
      confidence: attributeOptions.contains(.transcriptionConfidence)
    ) { Result(range: $0, resultsFinalizationTime: $1, alternatives: $2) }
  }

  /// Whether the device can run the transcriber at all (hardware support).
  public static var isAvailable: Bool { SimulatedDevice.current.configuration.speechTranscriberAvailable }

  /// Locales the transcriber can use, including ones to download; empty when it is unavailable.
  public static var supportedLocales: [Locale] {
    get async { isAvailable ? SimulatedDevice.current.assets.supportedLocales.map(Locale.init(identifier:)) : [] }
  }

  /// Locales whose model is on the device.
  public static var installedLocales: [Locale] {
    get async { isAvailable ? SimulatedDevice.current.assets.installedLocales.map(Locale.init(identifier:)) : [] }
  }

  /// A supported locale equivalent to `locale`: the same identifier if supported, else one with the
  /// same language (installed ones first); nil when none.
  public static func supportedLocale(equivalentTo locale: Locale) async -> Locale? {
    guard isAvailable else { return nil }
    return LocaleMatching.equivalent(to: locale, among: SimulatedDevice.current.assets)
  }

  /// The locale the transcriber was created with.
  public var selectedLocales: [Locale] { [core.locale] }

  /// The analyzer format (16 kHz mono Int16) once the locale's asset is installed; empty before.
  public var availableCompatibleAudioFormats: [AVAudioFormat] {
    get async { Self.isAvailable ? core.compatibleFormats : [] }
  }

  /// The transcriber's results, best transcription in ``Result/text``. One sequence per transcriber.
  public var results: some Sendable & AsyncSequence<Result, any Error> { core.stream }

  // MARK: TranscriptionModule

  package var requiredAssetLocale: String? { core.assetLocale }
  package var isSupportedOnDevice: Bool { Self.isAvailable }
  package var recognitionRequest: RecognitionRequest { core.request }
  package var owner: ModuleOwnership { core.owner }
  @discardableResult package func publish(_ result: RecognizedResult) -> Bool { core.publish(result) }
  package func finishResults(throwing error: (any Error)?) { core.finish(throwing: error) }
}
