import SpeechReplay

/// A problem with what the user asked the command line to run: a missing path, a bad shard or
/// filter, no scenarios. The message names the argument or file and says what to do.
package struct OrchestrationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem, for callers that map errors to exit statuses.
  package enum Kind: String, Sendable, Hashable {
    /// A command-line argument is malformed (shard, filter, jobs); the run did not start.
    case badArgument
    /// A path given on the command line does not exist or holds no scenario files.
    case missingScenarios
    /// A report file could not be written.
    case unwritableReport
  }

  /// The kind of problem.
  package var kind: Kind
  /// What went wrong and how to fix it.
  package var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: The kind of problem.
  ///   - message: What went wrong, naming the argument or file, and how to fix it.
  package init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  package var description: String { message }
}
