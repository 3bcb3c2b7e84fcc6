/// A model error at a point of the audio: the analysis fails with the Speech error `code`
/// (an `SFSpeechError.Code` raw value) and `message`.
public struct ModelFailure: Sendable, Hashable, Error {
  /// The `SFSpeechError.Code` raw value the analysis fails with.
  public var code: Int
  /// The message the error carries.
  public var message: String

  /// Creates a failure; the default is the Speech framework's `moduleOutputFailed` (6).
  public init(code: Int = 6, message: String = "The speech model failed") {
    self.code = code
    self.message = message
  }
}
