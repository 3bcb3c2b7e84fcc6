import SpeechReplay

/// Why the run history could not be opened, read or written: a message that names the database
/// file and what to do.
package struct HistoryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, with which file, and how to fix it.
  package var message: String

  /// Creates an error.
  ///
  /// - Parameter message: What went wrong, with which file, and how to fix it.
  package init(_ message: String) { self.message = message }

  /// The message.
  package var description: String { message }
}
