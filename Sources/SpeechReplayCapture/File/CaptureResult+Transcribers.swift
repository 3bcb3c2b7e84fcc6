public import SpeechShim

extension CaptureResult {
  /// The values of a `SpeechTranscriber` result.
  public init(_ result: SpeechTranscriber.Result) {
    self.init(
      module: .speechTranscriber, text: result.text, range: result.range,
      finalizationTime: result.resultsFinalizationTime,
      alternatives: result.alternatives)
  }

  /// The values of a `DictationTranscriber` result.
  public init(_ result: DictationTranscriber.Result) {
    self.init(
      module: .dictationTranscriber, text: result.text, range: result.range,
      finalizationTime: result.resultsFinalizationTime,
      alternatives: result.alternatives)
  }

  private init(
    module: Module, text: AttributedString, range: CMTimeRange, finalizationTime: CMTime,
    alternatives: [AttributedString]
  ) {
    var confidences: [Double] = []
    for run in text.runs {
      if let confidence = run[AttributeScopes.SpeechAttributes.ConfidenceAttribute.self] {
        confidences.append(confidence)
      }
    }
    self.init(
      module: module, isFinal: finalizationTime >= range.end, text: String(text.characters),
      rangeStart: range.start.seconds,
      rangeDuration: range.duration.seconds, finalizationTime: finalizationTime.seconds,
      alternatives: alternatives.map { String($0.characters) },
      confidence: confidences.isEmpty ? nil : confidences.reduce(0, +) / Double(confidences.count))
  }
}
