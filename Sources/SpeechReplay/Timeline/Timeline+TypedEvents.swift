public import Simulation

extension Timeline {
  /// The events of `Event`'s kind as typed views, with sequence and time, in order.
  ///
  /// An event of that kind whose fields the view cannot read is left out; ``unreadableCount(_:)``
  /// counts them, so a check can say so instead of passing on less.
  /// - Parameter type: The typed view, such as `UIStateEvent.self`.
  /// - Returns: The typed events.
  public func events<Event: TypedTraceEvent>(_ type: Event.Type) -> [Timed<Event>] {
    events.only([Event.kind]).compactMap(Timed<Event>.init)
  }

  /// How many events are of `Event`'s kind and readable by it.
  /// - Parameter type: The typed view.
  /// - Returns: The count.
  public func count<Event: TypedTraceEvent>(_ type: Event.Type) -> Int {
    events.only([Event.kind]).reduce(0) { $0 + (Event(fields: $1.fields) != nil ? 1 : 0) }
  }

  /// How many events are of `Event`'s kind but miss a field it needs (or have one it cannot read).
  /// - Parameter type: The typed view.
  /// - Returns: The count; 0 when every event of the kind is readable.
  public func unreadableCount<Event: TypedTraceEvent>(_ type: Event.Type) -> Int {
    events.only([Event.kind]).reduce(0) { $0 + (Event($1) == nil ? 1 : 0) }
  }

  /// ``count(_:)`` and ``unreadableCount(_:)`` in one pass.
  /// - Parameter type: The typed view.
  /// - Returns: Readable and unreadable events of `Event`'s kind.
  func readableAndUnreadableCounts<Event: TypedTraceEvent>(_ type: Event.Type) -> (readable: Int, unreadable: Int) {
    var counts = (readable: 0, unreadable: 0)
    for event in events.only([Event.kind]) {
      if Event(fields: event.fields) == nil { counts.unreadable += 1 } else { counts.readable += 1 }
    }
    return counts
  }

  /// How many readable events of `Event`'s kind satisfy `isIncluded`, in one streaming pass (no
  /// array of the events is built: an hours-long trace has hundreds of thousands).
  /// - Parameters:
  ///   - type: The typed view.
  ///   - isIncluded: Which events count.
  /// - Returns: The count.
  public func count<Event: TypedTraceEvent>(_ type: Event.Type, where isIncluded: (Event) -> Bool) -> Int {
    var count = 0
    for event in events.only([Event.kind]) {
      if let typed = Event(fields: event.fields), isIncluded(typed) { count += 1 }
    }
    return count
  }

  /// Whether a readable event of `Event`'s kind satisfies `predicate`; stops at the first.
  /// - Parameters:
  ///   - type: The typed view.
  ///   - predicate: The condition.
  /// - Returns: Whether one does.
  public func contains<Event: TypedTraceEvent>(_ type: Event.Type, where predicate: (Event) -> Bool) -> Bool {
    for event in events.only([Event.kind]) {
      if let typed = Event(fields: event.fields), predicate(typed) { return true }
    }
    return false
  }
}
