/// Why a scenario skeleton could not be written for an audio file: the message names the file and
/// what to do.
public struct ScenarioSkeletonError: Error, Sendable, CustomStringConvertible {
  /// The whole message: `path: what went wrong; what to do`.
  public var message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
