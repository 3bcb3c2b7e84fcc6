/// A model error at a point of the audio: the analysis fails with the Speech error `code`
/// (an `SFSpeechError.Code` raw value) and `message`.
public struct ModelFailure: Sendable, Hashable, Error {
  /// The `SFSpeechError.Code` raw value the analysis fails with.
  public var code: Int
  /// The message the error carries.
  public var message: String
  /// Whether the analyzer stops instead of finishing: its results streams end with the error, but
  /// later `finalize…`/`finish…` calls are ignored and it keeps its analyzer slot until
  /// `cancelAndFinishNow()` or its release (AudioBooth/AudioBooth#370, 2026).
  public var stopsAnalyzer: Bool

  /// Creates a failure; the default is the Speech framework's `moduleOutputFailed` (6).
  public init(code: Int = 6, message: String = "The speech model failed", stopsAnalyzer: Bool = false) {
    self.code = code
    self.message = message
    self.stopsAnalyzer = stopsAnalyzer
  }
}
