public import Simulation

/// `analyzer.start`: `start(inputSequence:)` attached an input sequence, about when audio time 0
/// is captured (the typed view of ``Simulation/TraceEvent/Kind/analyzerStart``).
public struct AnalyzerStartEvent: TypedTraceEvent {
  public static let kind = TraceEvent.Kind.analyzerStart

  /// The analyzer's name.
  public var analyzer: String
  /// The input sequence's number within this analyzer, from 1.
  public var input: Int

  /// Creates the event.
  /// - Parameters:
  ///   - analyzer: The analyzer's name.
  ///   - input: The input sequence's number.
  public init(analyzer: String, input: Int) {
    self.analyzer = analyzer
    self.input = input
  }

  public init?(fields: [TraceEvent.Field]) {
    guard let analyzer = fields.value("analyzer"), let input = fields.int("input") else { return nil }
    self.init(analyzer: analyzer, input: input)
  }

  public var fields: [TraceEvent.Field] { [.init("analyzer", analyzer), .init("input", String(input))] }
}
