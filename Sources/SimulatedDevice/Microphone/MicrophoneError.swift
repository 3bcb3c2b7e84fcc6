/// Why the simulated microphone cannot do what a scenario asked: its audio file cannot be read, or
/// a route change names a format no microphone has.
public struct MicrophoneError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file concerned, when there is one.
  public let path: String?
  /// What went wrong and what to do.
  public let message: String

  /// Creates an error.
  /// - Parameters:
  ///   - path: The audio file concerned, if any.
  ///   - message: What went wrong and how to fix it.
  public init(path: String?, message: String) {
    self.path = path
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
