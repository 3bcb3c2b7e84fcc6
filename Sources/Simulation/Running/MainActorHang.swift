/// A main-actor job that held the simulation's thread longer than the configured threshold: a
/// synchronous wait, a long loop or heavy work on the main actor, which on a device freezes the UI.
public struct MainActorHang: Sendable {
  /// How many of the job's own trace events are kept to say where it came from.
  static let eventsKept = 4

  /// Virtual time when the job ran (virtual time does not move during a job).
  public var virtualTime: Duration
  /// Wall time the job held the thread.
  public var wallTime: Duration
  /// The first events the job recorded (its origin: the step, the subject's call, the UI change…).
  public var events: [TraceEvent]
  /// The event recorded just before the job ran, for a job that recorded none.
  public var precedingEvent: TraceEvent?

  /// Creates a record.
  public init(virtualTime: Duration, wallTime: Duration, events: [TraceEvent], precedingEvent: TraceEvent?) {
    self.virtualTime = virtualTime
    self.wallTime = wallTime
    self.events = events
    self.precedingEvent = precedingEvent
  }

  /// Where the job came from, in words: the events it recorded, or the one before it.
  public var origin: String {
    if !events.isEmpty { return "it recorded " + events.map { "\($0.kind)" }.joined(separator: ", ") }
    if let precedingEvent {
      return
        "it recorded nothing; the event before it was \(precedingEvent.kind) at \(VirtualTimeFormat.string(precedingEvent.time))"
    }
    return "it recorded nothing"
  }
}
