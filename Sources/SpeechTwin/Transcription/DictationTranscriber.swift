import AVFAudioTwin
import CoreMediaTwin
import Foundation
import SimulatedDevice
import Simulation

/// The dictation module — the same languages and models as on-device dictation, with punctuation
/// and emoji options — the twin of Apple's `DictationTranscriber`.
///
/// Unlike ``SpeechTranscriber`` it has no `isAvailable`: it runs wherever dictation runs, so it is
/// the fallback when `SpeechTranscriber.isAvailable` is false. On the simulated device it is
/// supported for every locale of the asset catalogue, whatever the transcriber's availability.
public final class DictationTranscriber: LocaleDependentSpeechModule, TranscriptionModule {
  private let core: TranscriberCore<Result>
  /// Counts live transcribers, so leak cycles name this type when transcribers pile up.
  private let liveObjects = LiveObjectTracker(DictationTranscriber.self)

  /// Creates a dictation transcriber for `locale` with a preset's options.
  public convenience init(locale: Locale, preset: Preset) {
    self.init(
      locale: locale, contentHints: preset.contentHints, transcriptionOptions: preset.transcriptionOptions,
      reportingOptions: preset.reportingOptions, attributeOptions: preset.attributeOptions)
  }

  /// Creates a dictation transcriber for `locale` with explicit options.
  public init(
    locale: Locale, contentHints: Set<ContentHint>, transcriptionOptions: Set<TranscriptionOption>,
    reportingOptions: Set<ReportingOption>, attributeOptions: Set<ResultAttributeOption>
  ) {
    core = TranscriberCore(
      locale: locale, module: .dictationTranscriber, volatile: reportingOptions.contains(.volatileResults),
      alternatives: reportingOptions.contains(.alternativeTranscriptions),
      timeRanges: attributeOptions.contains(.audioTimeRange),
      confidence: attributeOptions.contains(.transcriptionConfidence),
      customLanguageModel: contentHints.lazy.compactMap(\.modelConfiguration).first?.languageModel.path
    ) { Result(range: $0, resultsFinalizationTime: $1, alternatives: $2) }
  }

  /// Locales dictation can use on this device, including ones to download.
  public static var supportedLocales: [Locale] {
    get async { SimulatedDevice.current.assets.supportedLocales.map(Locale.init(identifier:)) }
  }

  /// Locales whose dictation model is on the device.
  public static var installedLocales: [Locale] {
    get async { SimulatedDevice.current.assets.installedLocales.map(Locale.init(identifier:)) }
  }

  /// A supported locale equivalent to `locale`, preferring installed ones; nil when none.
  public static func supportedLocale(equivalentTo locale: Locale) async -> Locale? {
    LocaleMatching.equivalent(to: locale, among: SimulatedDevice.current.assets)
  }

  /// The locale the module was created with.
  public var selectedLocales: [Locale] { [core.locale] }

  /// The analyzer format once the locale's asset is installed; empty before.
  public var availableCompatibleAudioFormats: [AVAudioFormat] { get async { core.compatibleFormats } }

  /// The module's results. One sequence per module.
  public var results: some Sendable & AsyncSequence<Result, any Error> { core.stream }

  // MARK: TranscriptionModule

  package var requiredAssetLocale: String? { core.assetLocale }
  package var isSupportedOnDevice: Bool { true }
  package var recognitionRequest: RecognitionRequest { core.request }
  package var owner: ModuleOwnership { core.owner }
  @discardableResult package func publish(_ result: RecognizedResult) -> Bool { core.publish(result) }
  package func finishResults(throwing error: (any Error)?) { core.finish(throwing: error) }
}
