public import Simulation

// Every analyzer event carries the analyzer's name first (field `analyzer`).
extension TraceEvent.Kind {
  /// `prepareToAnalyze(in:)` was called.
  public static let analyzerPrepare = TraceEvent.Kind("analyzer.prepare")
  /// `start(inputSequence:)` attached an input sequence (``AnalyzerStartEvent``).
  public static let analyzerStart = TraceEvent.Kind("analyzer.start")
  /// `analyzeSequence(_:)` attached an input sequence (field `input`).
  public static let analyzerAnalyzeSequence = TraceEvent.Kind("analyzer.analyzeSequence")
  /// An analysis session opened (the ledger counts it until it finishes).
  public static let analyzerSessionOpen = TraceEvent.Kind("analyzer.session.open")
  /// An input sequence ended (field `input`).
  public static let analyzerInputEnd = TraceEvent.Kind("analyzer.input.end")
  /// The analyzer took one input buffer (``AnalyzerInputEvent``).
  public static let analyzerInput = TraceEvent.Kind("analyzer.input")
  /// A module published a result (``AnalyzerResultEvent``).
  public static let analyzerResult = TraceEvent.Kind("analyzer.result")
  /// A final result reached a results sequence whose reader was already gone: the app never read
  /// it (``AnalyzerUnreadResultEvent``).
  public static let analyzerResultUnread = TraceEvent.Kind("analyzer.result.unread")
  /// Under `device.resultDelivery: afterFinalizeReturns`, the results a `finalize…()` published
  /// reached the results sequences after the call returned (fields `results`, the count, and
  /// `finish`, whether the streams' end was held too).
  public static let analyzerResultsDelivered = TraceEvent.Kind("analyzer.results.delivered")
  /// `finalize(through:)` was called (field `through`, seconds).
  public static let analyzerFinalize = TraceEvent.Kind("analyzer.finalize")
  /// `cancelAnalysis(before:)` was called (field `before`, seconds).
  public static let analyzerCancelAnalysis = TraceEvent.Kind("analyzer.cancelAnalysis")
  /// The analysis session finished (field `error`, `none` when it succeeded).
  public static let analyzerFinish = TraceEvent.Kind("analyzer.finish")
  /// A `SpeechDetector` decided a stretch (fields `speech`, `start`, `end`, seconds).
  public static let detectorSegment = TraceEvent.Kind("detector.segment")
  /// `SpeechModels.endRetention()` was called.
  public static let speechModelsEndRetention = TraceEvent.Kind("speech.models.endRetention")
  /// An `AnalyzerInputConverter` flushed its held audio (field `inputs`: the inputs it returned).
  public static let analyzerInputConverterFlush = TraceEvent.Kind("analyzerInputConverter.flush")
}
