import CoreMediaTwin

/// A word of a transcript with the audio it occupies, `[start, end)`.
public struct TimedWord: Sendable, Hashable {
  /// The word.
  public var text: String
  /// Where the word starts in the audio.
  public var start: CMTime
  /// Where it ends (exclusive).
  public var end: CMTime

  /// Creates a timed word.
  public init(_ text: String, start: CMTime, end: CMTime) {
    self.text = text
    self.start = start
    self.end = end
  }

  /// The word's span of audio.
  public var range: CMTimeRange { CMTimeRange(start: start, end: end) }
}
