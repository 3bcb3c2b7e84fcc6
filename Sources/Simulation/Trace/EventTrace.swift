internal import Synchronization

/// The ordered, typed event log of one run, stamped with virtual time.
///
/// Record from simulated code through `Simulation.current?.trace`. Recording is thread-safe,
/// but only events recorded from the simulation thread have a deterministic order.
public final class EventTrace: Sendable {
  private let storage = Mutex<[TraceEvent]>([])
  private let clock: @Sendable () -> Duration

  init(clock: @escaping @Sendable () -> Duration) {
    self.clock = clock
  }

  /// Records an event at the current virtual time.
  /// - Parameters:
  ///   - kind: What happened.
  ///   - fields: Details in order, such as `["frames": "4800", "format": "48000 Hz"]`.
  /// - Returns: The recorded event.
  @discardableResult
  public func record(_ kind: TraceEvent.Kind, _ fields: KeyValuePairs<String, String> = [:]) -> TraceEvent {
    record(kind, fields: fields.map { TraceEvent.Field($0.key, $0.value) })
  }

  /// Records an event with fields already built.
  /// - Parameters:
  ///   - kind: What happened.
  ///   - fields: Details in order.
  /// - Returns: The recorded event.
  @discardableResult
  public func record(_ kind: TraceEvent.Kind, fields: [TraceEvent.Field]) -> TraceEvent {
    let time = clock()
    return storage.withLock { events in
      let event = TraceEvent(sequence: events.count, time: time, kind: kind, fields: fields)
      events.append(event)
      return event
    }
  }

  /// Every event so far, in order.
  public var events: [TraceEvent] { storage.withLock { $0 } }

  /// How many events were recorded.
  public var count: Int { storage.withLock { $0.count } }
}
