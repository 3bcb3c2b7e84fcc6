public import Simulation

extension Timeline {
  /// The events of `Event`'s kind as typed views, with sequence and time, in order.
  ///
  /// An event of that kind whose fields the view cannot read is left out; ``unreadableCount(_:)``
  /// counts them, so a check can say so instead of passing on less.
  /// - Parameter type: The typed view, such as `UIStateEvent.self`.
  /// - Returns: The typed events.
  public func events<Event: TypedTraceEvent>(_ type: Event.Type) -> [Timed<Event>] {
    events.compactMap(Timed<Event>.init)
  }

  /// How many events are of `Event`'s kind and readable by it.
  /// - Parameter type: The typed view.
  /// - Returns: The count.
  public func count<Event: TypedTraceEvent>(_ type: Event.Type) -> Int {
    events.reduce(0) { $0 + (Event($1) == nil ? 0 : 1) }
  }

  /// How many events are of `Event`'s kind but miss a field it needs (or have one it cannot read).
  /// - Parameter type: The typed view.
  /// - Returns: The count; 0 when every event of the kind is readable.
  public func unreadableCount<Event: TypedTraceEvent>(_ type: Event.Type) -> Int {
    events.reduce(0) { $0 + ($1.kind == Event.kind && Event($1) == nil ? 1 : 0) }
  }
}
