public import CoreMediaTwin
import SimulatedDevice
public import Simulation

/// `analyzer.result`: a transcriber module published a result to its results sequence (the typed
/// view of ``Simulation/TraceEvent/Kind/analyzerResult``).
public struct AnalyzerResultEvent: TypedTraceEvent {
  public static let kind = TraceEvent.Kind.analyzerResult

  /// The analyzer's name.
  public var analyzer: String
  /// Whether the result is final (`isFinal`) or volatile.
  public var isFinal: Bool
  /// The start of the audio range the result covers (recorded to the millisecond).
  public var start: CMTime
  /// The end of that range (recorded to the millisecond).
  public var end: CMTime
  /// The result's text.
  public var text: String

  /// Creates the event.
  /// - Parameters:
  ///   - analyzer: The analyzer's name.
  ///   - isFinal: Whether the result is final.
  ///   - start: The start of its range.
  ///   - end: The end of its range.
  ///   - text: Its text.
  public init(analyzer: String, isFinal: Bool, start: CMTime, end: CMTime, text: String) {
    self.analyzer = analyzer
    self.isFinal = isFinal
    self.start = start
    self.end = end
    self.text = text
  }

  public init?(fields: [TraceEvent.Field]) {
    guard let analyzer = fields.value("analyzer"), let isFinal = fields.bool("final"),
      let start = fields.value("start").flatMap(CMTime.init(millisecondsText:)),
      let end = fields.value("end").flatMap(CMTime.init(millisecondsText:)), let text = fields.value("text")
    else { return nil }
    self.init(analyzer: analyzer, isFinal: isFinal, start: start, end: end, text: text)
  }

  public var fields: [TraceEvent.Field] {
    [
      .init("analyzer", analyzer), .init("final", String(isFinal)), .init("start", start.millisecondsText),
      .init("end", end.millisecondsText), .init("text", text),
    ]
  }
}
