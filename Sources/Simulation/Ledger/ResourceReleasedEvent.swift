/// `ledger.release`: a ledger resource was released (the typed view of TraceEvent/Kind/resourceReleased).
public struct ResourceReleasedEvent: TypedTraceEvent {
  public static let kind = TraceEvent.Kind.resourceReleased

  /// The kind of resource, such as `installed taps`.
  public var resource: ResourceKind
  /// What this one is, such as `bus 0 tap` (may be empty).
  public var label: String

  /// Creates the event.
  /// - Parameters:
  ///   - resource: The kind of resource.
  ///   - label: What this one is.
  public init(resource: ResourceKind, label: String) {
    self.resource = resource
    self.label = label
  }

  public init?(fields: [TraceEvent.Field]) {
    guard let resource = fields.value("kind"), let label = fields.value("label") else { return nil }
    self.init(resource: ResourceKind(rawValue: resource), label: label)
  }

  public var fields: [TraceEvent.Field] { [.init("kind", resource.rawValue), .init("label", label)] }
}
