extension TraceEvent {
  /// One named detail of an event.
  public struct Field: Sendable, Equatable, Codable {
    /// The field's name, such as `frames`.
    public var name: String
    /// The field's value in text form, such as `4800`.
    public var value: String

    /// Creates a field.
    /// - Parameters:
    ///   - name: The field's name.
    ///   - value: The value in text form.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }
}
