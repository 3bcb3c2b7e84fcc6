/// Why the run history could not be opened, read or written: a message that names the database
/// file and what to do.
public struct HistoryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, with which file, and how to fix it.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameter message: What went wrong, with which file, and how to fix it.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
