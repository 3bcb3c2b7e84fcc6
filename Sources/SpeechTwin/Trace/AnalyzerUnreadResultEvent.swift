public import CoreMediaTwin
import SimulatedDevice
public import Simulation

/// `analyzer.result.unread`: a final result reached a results sequence that had already ended —
/// its reader was cancelled or gone — so the app never read it (the typed view of
/// ``Simulation/TraceEvent/Kind/analyzerResultUnread``). On a device nothing shows this: the final
/// is silently dropped.
public struct AnalyzerUnreadResultEvent: TypedTraceEvent {
  public static let kind = TraceEvent.Kind.analyzerResultUnread

  /// The analyzer's name.
  public var analyzer: String
  /// The start of the audio range the final covers (recorded to the millisecond).
  public var start: CMTime
  /// The end of that range (recorded to the millisecond).
  public var end: CMTime
  /// The final's text.
  public var text: String

  /// Creates the event.
  /// - Parameters:
  ///   - analyzer: The analyzer's name.
  ///   - start: The start of the final's range.
  ///   - end: The end of its range.
  ///   - text: Its text.
  public init(analyzer: String, start: CMTime, end: CMTime, text: String) {
    self.analyzer = analyzer
    self.start = start
    self.end = end
    self.text = text
  }

  public init?(fields: [TraceEvent.Field]) {
    guard let analyzer = fields.value("analyzer"),
      let start = fields.value("start").flatMap(CMTime.init(millisecondsText:)),
      let end = fields.value("end").flatMap(CMTime.init(millisecondsText:)), let text = fields.value("text")
    else { return nil }
    self.init(analyzer: analyzer, start: start, end: end, text: text)
  }

  public var fields: [TraceEvent.Field] {
    [
      .init("analyzer", analyzer), .init("start", start.millisecondsText), .init("end", end.millisecondsText),
      .init("text", text),
    ]
  }
}
