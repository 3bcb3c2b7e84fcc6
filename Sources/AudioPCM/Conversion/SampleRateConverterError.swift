/// A sample-rate conversion that cannot be set up or carried out, with what to do about it.
public struct SampleRateConverterError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure.
  public enum Code: Hashable, Sendable {
    /// The ratio of output to input rate is outside what libsamplerate supports (1/256 … 256).
    case unsupportedRatio
    /// A buffer's format is not the converter's input or output format.
    case formatMismatch
    /// Input was given after the end of input; call ``SampleRateConverter/reset()`` first.
    case inputAfterEndOfInput
    /// libsamplerate reported an error; its message is in ``SampleRateConverterError/message``.
    case library
  }

  /// The kind of failure.
  public let code: Code
  /// What went wrong and what to do.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and what to do.
  public init(code: Code, message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
