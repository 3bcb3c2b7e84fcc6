/// A stable name for a kind of resource counted in the ledger, such as "installed taps".
///
/// Names appear in reports ("the type that grows"), so they never change once published.
public struct ResourceKind: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The stable name.
  public var rawValue: String

  /// Creates a kind from its stable name.
  /// - Parameter rawValue: The name, such as `installed taps`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Creates a kind from a string literal.
  /// - Parameter value: The name.
  public init(stringLiteral value: String) { self.rawValue = value }

  public var description: String { rawValue }

  /// Analyzer sessions that were started and not yet finished.
  public static let openAnalyzerSessions: ResourceKind = "open analyzer sessions"
  /// Audio taps installed on a node and not yet removed.
  public static let installedTaps: ResourceKind = "installed taps"
  /// Audio engines started and not yet stopped.
  public static let runningEngines: ResourceKind = "running engines"
  /// Continuations created and not yet resumed.
  public static let unfinishedContinuations: ResourceKind = "unfinished continuations"
  /// Tasks registered with `Simulation.task(_:operation:)` that have not finished.
  public static let tasks: ResourceKind = "tasks"
}
