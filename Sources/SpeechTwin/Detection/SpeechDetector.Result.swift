import CoreMediaTwin

extension SpeechDetector {
  /// One segment of the timeline: speech or no speech. The twin publishes contiguous, final segments.
  public struct Result: SpeechModuleResult, Sendable, CustomStringConvertible {
    /// The audio the segment covers.
    public let range: CMTimeRange
    /// Everything before this time is final (the twin's segments are final: it equals `range.end`).
    public let resultsFinalizationTime: CMTime
    /// Whether the segment holds speech.
    public let speechDetected: Bool

    init(range: CMTimeRange, resultsFinalizationTime: CMTime, speechDetected: Bool) {
      self.range = range
      self.resultsFinalizationTime = resultsFinalizationTime
      self.speechDetected = speechDetected
    }

    /// For example `SpeechDetector.Result(speech, 0.300–2.040 s, final)`.
    public var description: String {
      let start = String(format: "%.3f", range.start.seconds)
      let end = String(format: "%.3f", range.end.seconds)
      return
        "SpeechDetector.Result(\(speechDetected ? "speech" : "no speech"), \(start)–\(end) s, \(isFinal ? "final" : "volatile"))"
    }
  }
}
