/// Why a scenario file cannot be used: where in which file, what is wrong and how to fix it.
///
/// Its ``description`` is `file:line:column: message`, the form editors and CI logs link to.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The place in the scenario file (line and column 1 when the whole file is at fault).
  public var location: SourceLocation
  /// What went wrong and how to fix it.
  public var message: String

  /// Creates an error.
  /// - Parameters:
  ///   - message: What went wrong and how to fix it.
  ///   - location: Where in the file.
  public init(_ message: String, at location: SourceLocation) {
    self.message = message
    self.location = location
  }

  /// `file:line:column: message`.
  public var description: String { "\(location): \(message)" }

  /// The failure a runner reports for this error.
  public var failure: ScenarioFailure { ScenarioFailure(message, check: CheckID(.scenario, "invalid"), at: location) }
}
