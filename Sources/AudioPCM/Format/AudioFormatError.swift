/// An audio format that cannot describe playable audio, such as a zero sample rate.
public struct AudioFormatError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the format.
  public enum Code: Hashable, Sendable {
    /// The sample rate is zero, negative or not finite.
    case invalidSampleRate
    /// The channel count is zero, negative or above ``AudioFormat/maximumChannelCount``.
    case invalidChannelCount
  }

  /// What is wrong with the format.
  public let code: Code
  /// What went wrong and how to fix it.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What is wrong with the format.
  ///   - message: What went wrong and how to fix it.
  public init(code: Code, message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
