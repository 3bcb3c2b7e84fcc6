import CoreMediaTwin
import Foundation

extension DictationTranscriber {
  /// A dictation result for a range of audio; volatile unless ``isFinal``.
  public struct Result: SpeechModuleResult, Sendable, CustomStringConvertible, Hashable {
    /// The audio the result covers.
    public let range: CMTimeRange
    /// Results for audio before this time are final.
    public let resultsFinalizationTime: CMTime
    /// The transcriptions, best first; never empty.
    public let alternatives: [AttributedString]

    /// The best transcription, `alternatives[0]`.
    public var text: AttributedString { alternatives[0] }

    /// Twin-only: Apple's `Result` has no public initializer.
    package init(range: CMTimeRange, resultsFinalizationTime: CMTime, alternatives: [AttributedString]) {
      self.range = range
      self.resultsFinalizationTime = resultsFinalizationTime
      self.alternatives = alternatives.isEmpty ? [AttributedString()] : alternatives
    }

    /// `final [0.000–1.600) "The quick brown fox."`.
    public var description: String { ResultDescription.describe(range: range, isFinal: isFinal, text: text) }
  }
}
