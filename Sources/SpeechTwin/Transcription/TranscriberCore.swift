import AVFAudioTwin
import CoreMediaTwin
import Foundation
import SimulatedDevice

/// What ``SpeechTranscriber`` and ``DictationTranscriber`` share: the locale, the request to the
/// model, the one results stream and the conversion of model results into attributed text.
final class TranscriberCore<Result: Sendable>: Sendable {
  let locale: Locale
  let request: RecognitionRequest
  let stream: AsyncThrowingStream<Result, any Error>
  private let continuation: AsyncThrowingStream<Result, any Error>.Continuation
  private let makeResult: @Sendable (CMTimeRange, CMTime, [AttributedString]) -> Result
  let owner = ModuleOwnership()

  init(
    locale: Locale, module: RecognitionRequest.ModuleKind, volatile: Bool, alternatives: Bool, timeRanges: Bool,
    confidence: Bool, customLanguageModel: String? = nil,
    makeResult: @escaping @Sendable (CMTimeRange, CMTime, [AttributedString]) -> Result
  ) {
    self.locale = locale
    self.request = RecognitionRequest(
      module: module, localeIdentifier: AssetCatalogue.canonical(locale.identifier(.bcp47)),
      reportsVolatileResults: volatile, reportsAlternatives: alternatives, includesAudioTimeRanges: timeRanges,
      includesConfidence: confidence, customLanguageModel: customLanguageModel)
    self.makeResult = makeResult
    (stream, continuation) = AsyncThrowingStream.makeStream(of: Result.self, throwing: (any Error).self)
  }

  var assetLocale: String { request.localeIdentifier }

  /// The analyzer format once the locale's asset is on the device; nothing before (Apple's
  /// behaviour: "using installed assets"). A released reservation does not remove the asset at
  /// once, so the format stays available after `AssetInventory.release(reservedLocale:)`, and
  /// analysis quietly reserves the locale again (Documentation/Twins.md).
  var compatibleFormats: [AVAudioFormat] {
    SimulatedDevice.current.assets.isOnDevice(assetLocale) ? [AnalyzerFormats.transcription] : []
  }

  /// Yields `result` on the stream; false when the stream had already terminated (its reader was
  /// cancelled), so the result was dropped unread.
  func publish(_ result: RecognizedResult) -> Bool {
    let alternatives = result.alternatives.map {
      $0.attributedString(
        resultRange: result.range, timeRanges: request.includesAudioTimeRanges, confidence: request.includesConfidence,
        leadingSpace: result.leadingSpace)
    }
    if case .terminated = continuation.yield(makeResult(result.range, result.finalizationTime, alternatives)) {
      return false
    }
    return true
  }

  func finish(throwing error: (any Error)?) { continuation.finish(throwing: error) }
}
