public import Simulation

/// `subject.returned`: the subject's `start()` or `stop()` returned (the typed view of
/// ``Simulation/TraceEvent/Kind/subjectReturned``).
public struct SubjectReturnedEvent: TypedTraceEvent {
  public static let kind = TraceEvent.Kind.subjectReturned

  /// The subject's calls the runner awaits.
  public enum Call: String, Sendable, Equatable {
    /// `start()`.
    case start
    /// `stop()`.
    case stop
  }

  /// Which call returned.
  public var call: Call

  /// Creates the event.
  /// - Parameter call: Which call returned.
  public init(_ call: Call) { self.call = call }

  public init?(fields: [TraceEvent.Field]) {
    guard let call = fields.value("call").flatMap(Call.init(rawValue:)) else { return nil }
    self.init(call)
  }

  public var fields: [TraceEvent.Field] { [.init("call", call.rawValue)] }
}
