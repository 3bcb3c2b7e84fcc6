/// A typed trace event with its place in the run: sequence number and virtual time.
///
/// Its members are those of the event as well (`input.end` for `input.event.end`).
@dynamicMemberLookup
public struct Timed<Event: TypedTraceEvent>: Sendable, Equatable {
  /// Position of the event in the trace.
  public var sequence: Int
  /// Virtual time since the start of the run.
  public var time: Duration
  /// The typed event.
  public var event: Event

  /// Creates a timed event.
  /// - Parameters:
  ///   - sequence: Position in the trace.
  ///   - time: Virtual time since the start of the run.
  ///   - event: The typed event.
  @inlinable
  public init(sequence: Int, time: Duration, event: Event) {
    self.sequence = sequence
    self.time = time
    self.event = event
  }

  /// The typed view of `event`, with its sequence and time; nil when it is of another kind or unreadable.
  /// - Parameter event: A recorded event.
  @inlinable  // specialised in the reading module, like TypedTraceEvent.init?(_:)
  public init?(_ event: TraceEvent) {
    guard let typed = Event(event) else { return nil }
    self.init(sequence: event.sequence, time: event.time, event: typed)
  }

  /// A member of the event.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Event, Value>) -> Value { event[keyPath: keyPath] }
}
