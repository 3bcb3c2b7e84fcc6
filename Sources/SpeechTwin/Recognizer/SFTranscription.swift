import Foundation

/// A hypothesized text of the task's audio — the twin of Apple's `SFTranscription`.
public final class SFTranscription: Sendable, CustomStringConvertible {
  /// The whole recognition as one displayable string (segments joined by single spaces).
  public let formattedString: String
  /// The segments (words) of ``formattedString``, in order.
  public let segments: [SFTranscriptionSegment]
  /// Words per minute of speech (deprecated by Apple in iOS 14.5 for the result's metadata).
  public let speakingRate: Double
  /// Average pause between words, in seconds (deprecated by Apple in iOS 14.5).
  public let averagePauseDuration: TimeInterval

  package init(
    segments: [SFTranscriptionSegment], formattedString: String, speakingRate: Double = 0,
    averagePauseDuration: TimeInterval = 0
  ) {
    self.segments = segments
    self.formattedString = formattedString
    self.speakingRate = speakingRate
    self.averagePauseDuration = averagePauseDuration
  }

  /// ``formattedString``.
  public var description: String { formattedString }
}
