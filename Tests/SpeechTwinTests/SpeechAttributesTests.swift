import Foundation
import Testing

#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import CoreMedia
  import Speech
#else
  import CoreMediaTwin
  import SpeechTwin
#endif

@Suite struct SpeechAttributesTests {
  /// "hello world again" with one run per word, as a time-indexed transcriber produces it.
  func transcript(gapAfterFirstWord: Bool = false) -> AttributedString {
    var text = AttributedString()
    let words: [(String, Double, Double, Double)] = [
      ("hello ", 0.0, 0.4, 0.9), ("world ", gapAfterFirstWord ? 1.0 : 0.4, 0.5, 0.8), ("again", 1.6, 0.3, 0.95),
    ]
    for (word, start, duration, confidence) in words {
      var piece = AttributedString(word)
      piece.audioTimeRange = CMTimeRange(
        start: CMTime(seconds: start, preferredTimescale: 16_000),
        duration: CMTime(seconds: duration, preferredTimescale: 16_000))
      piece.transcriptionConfidence = confidence
      text += piece
    }
    return text
  }

  @Test func runsCarryTimeRangeAndConfidence() {
    let text = transcript()
    #expect(text.runs.count == 3)
    let confidences = text.runs.map { $0.transcriptionConfidence }
    #expect(confidences == [0.9, 0.8, 0.95])
    let starts = text.runs[\.audioTimeRange].compactMap { $0.0?.start.seconds }
    #expect(starts == [0.0, 0.4, 1.6])
  }

  @Test func findsTheTextOfAnAudioSpan() throws {
    let text = transcript()
    let span = CMTimeRange(
      start: CMTime(seconds: 0.5, preferredTimescale: 1000), duration: CMTime(seconds: 0.2, preferredTimescale: 1000))
    let range = try #require(text.rangeOfAudioTimeRangeAttributes(intersecting: span))
    #expect(String(text[range].characters) == "world ")
  }

  @Test func spanCoveringSeveralRunsReturnsFromFirstToLast() throws {
    let text = transcript()
    let span = CMTimeRange(
      start: CMTime(seconds: 0.2, preferredTimescale: 1000), end: CMTime(seconds: 1.7, preferredTimescale: 1000))
    let range = try #require(text.rangeOfAudioTimeRangeAttributes(intersecting: span))
    #expect(String(text[range].characters) == "hello world again")
  }

  @Test func spanInASilenceFindsNothing() {
    let text = transcript(gapAfterFirstWord: true)
    let silence = CMTimeRange(
      start: CMTime(seconds: 0.5, preferredTimescale: 1000), end: CMTime(seconds: 0.9, preferredTimescale: 1000))
    #expect(text.rangeOfAudioTimeRangeAttributes(intersecting: silence) == nil)
    // Half-open ranges: a span that starts where a run ends does not touch it.
    let touching = CMTimeRange(
      start: CMTime(seconds: 0.4, preferredTimescale: 1000), end: CMTime(seconds: 0.9, preferredTimescale: 1000))
    #expect(text.rangeOfAudioTimeRangeAttributes(intersecting: touching) == nil)
  }
}
