public import CoreMediaTwin
import SimulatedDevice
public import Simulation

/// `analyzer.input`: the analyzer took one input buffer, in its format or not (the typed view of
/// ``Simulation/TraceEvent/Kind/analyzerInput``). A rejected buffer yields no text and no error,
/// as on a device.
public struct AnalyzerInputEvent: TypedTraceEvent {
  public static let kind = TraceEvent.Kind.analyzerInput

  /// The analyzer's name.
  public var analyzer: String
  /// Where the buffer starts on the analyzer's audio timeline (recorded to the millisecond).
  public var start: CMTime
  /// Where the buffer ends on the analyzer's audio timeline (recorded to the millisecond).
  public var end: CMTime
  /// The buffer's format, as `AVAudioFormat.description`.
  public var format: String
  /// Whether the buffer was in the analyzer's format and was analysed.
  public var accepted: Bool

  /// Creates the event.
  /// - Parameters:
  ///   - analyzer: The analyzer's name.
  ///   - start: Where the buffer starts on the analyzer's timeline.
  ///   - end: Where it ends.
  ///   - format: The buffer's format description.
  ///   - accepted: Whether it was in the analyzer's format.
  public init(analyzer: String, start: CMTime, end: CMTime, format: String, accepted: Bool) {
    self.analyzer = analyzer
    self.start = start
    self.end = end
    self.format = format
    self.accepted = accepted
  }

  public init?(fields: [TraceEvent.Field]) {
    guard let analyzer = fields.value("analyzer"),
      let start = fields.value("start").flatMap(CMTime.init(millisecondsText:)),
      let end = fields.value("end").flatMap(CMTime.init(millisecondsText:)), let format = fields.value("format"),
      let accepted = fields.bool("accepted")
    else { return nil }
    self.init(analyzer: analyzer, start: start, end: end, format: format, accepted: accepted)
  }

  public var fields: [TraceEvent.Field] {
    [
      .init("analyzer", analyzer), .init("start", start.millisecondsText), .init("end", end.millisecondsText),
      .init("format", format), .init("accepted", String(accepted)),
    ]
  }
}
