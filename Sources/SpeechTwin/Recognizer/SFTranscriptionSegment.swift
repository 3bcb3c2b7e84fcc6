import Foundation

/// A word of a transcription with its place in the text and the audio — the twin of Apple's
/// `SFTranscriptionSegment`.
public final class SFTranscriptionSegment: Sendable, CustomStringConvertible {
  /// The word (or words) as shown.
  public let substring: String
  /// Where ``substring`` is in the transcription's `formattedString` (UTF-16 offsets, as `NSString`).
  public let substringRange: NSRange
  /// Start of the segment's audio, in seconds from the start of the task's audio.
  public let timestamp: TimeInterval
  /// Length of the segment's audio, in seconds.
  public let duration: TimeInterval
  /// Confidence, 0 (least) to 1 (most). Zero in partial results, as on devices.
  public let confidence: Float
  /// Other interpretations of the segment (the twin has none).
  public let alternativeSubstrings: [String]
  /// Voice analytics of the segment (deprecated by Apple in iOS 14.5; nil in the twin).
  public let voiceAnalytics: SFVoiceAnalytics?

  package init(
    substring: String, substringRange: NSRange, timestamp: TimeInterval, duration: TimeInterval, confidence: Float,
    alternativeSubstrings: [String] = []
  ) {
    self.substring = substring
    self.substringRange = substringRange
    self.timestamp = timestamp
    self.duration = duration
    self.confidence = confidence
    self.alternativeSubstrings = alternativeSubstrings
    self.voiceAnalytics = nil
  }

  /// `"fox" 1.200+0.300 s (0.90)`.
  public var description: String {
    "\"\(substring)\" \(String(format: "%.3f", timestamp))+\(String(format: "%.3f", duration)) s (\(String(format: "%.2f", confidence)))"
  }
}
