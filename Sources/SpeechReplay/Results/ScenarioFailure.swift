/// Why a scenario failed: a message that says what went wrong and what to do, and where in the
/// scenario file it comes from when it comes from one line of it.
public struct ScenarioFailure: Sendable, Hashable, Codable, CustomStringConvertible {
  /// What went wrong and how to fix it.
  public var message: String
  /// The step or expectation it comes from, when there is one.
  public var location: SourceLocation?

  /// Creates a failure.
  public init(_ message: String, at location: SourceLocation? = nil) {
    self.message = message
    self.location = location
  }

  /// `file:line:column: message`, or the message alone.
  public var description: String { location.map { "\($0): \(message)" } ?? message }
}
