extension EventTrace {
  /// Records a typed event at the current virtual time: its view's kind and fields.
  /// - Parameter typed: The event.
  /// - Returns: The recorded event.
  @discardableResult
  public func record(_ typed: some TypedTraceEvent) -> TraceEvent {
    record(type(of: typed).kind, fields: typed.fields)
  }
}
