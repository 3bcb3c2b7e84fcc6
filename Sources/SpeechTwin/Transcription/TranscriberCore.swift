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
    confidence: Bool, makeResult: @escaping @Sendable (CMTimeRange, CMTime, [AttributedString]) -> Result
  ) {
    self.locale = locale
    self.request = RecognitionRequest(
      module: module, localeIdentifier: AssetCatalogue.canonical(locale.identifier(.bcp47)),
      reportsVolatileResults: volatile, reportsAlternatives: alternatives, includesAudioTimeRanges: timeRanges,
      includesConfidence: confidence)
    self.makeResult = makeResult
    (stream, continuation) = AsyncThrowingStream.makeStream(of: Result.self, throwing: (any Error).self)
  }

  var assetLocale: String { request.localeIdentifier }

  /// The analyzer format once the locale's asset is installed; nothing before (Apple's behaviour).
  var compatibleFormats: [AVAudioFormat] {
    SimulatedDevice.current.assets.status(of: assetLocale) == .installed ? [AnalyzerFormats.transcription] : []
  }

  func publish(_ result: RecognizedResult) {
    let alternatives = result.alternatives.map {
      $0.attributedString(resultRange: result.range, timeRanges: request.includesAudioTimeRanges, confidence: request.includesConfidence)
    }
    continuation.yield(makeResult(result.range, result.finalizationTime, alternatives))
  }

  func finish(throwing error: (any Error)?) { continuation.finish(throwing: error) }
}
