/// A misuse of the resource ledger, such as releasing a resource twice.
public struct LedgerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The resource kind involved.
  public var kind: ResourceKind
  /// The label given when the resource was acquired.
  public var label: String
  /// What went wrong and how to fix it.
  public var message: String

  /// Creates an error.
  /// - Parameters:
  ///   - kind: The resource kind.
  ///   - label: The acquisition label.
  ///   - message: What went wrong and how to fix it.
  public init(kind: ResourceKind, label: String, message: String) {
    self.kind = kind
    self.label = label
    self.message = message
  }

  public var description: String { message }
}
