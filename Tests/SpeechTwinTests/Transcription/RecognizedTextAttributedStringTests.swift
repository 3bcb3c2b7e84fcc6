#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import CoreMediaTwin
  import Foundation
  import SimulatedDevice
  @testable import SpeechTwin
  import Testing

  /// The attributed text of a result: one run per word (with its trailing space), built from the
  /// whole string at once, equal to appending the words one by one.
  @Suite struct RecognizedTextAttributedStringTests {
    static func range(_ start: Int64, _ length: Int64) -> CMTimeRange {
      CMTimeRange(start: CMTime(value: start, timescale: 1000), duration: CMTime(value: length, timescale: 1000))
    }

    static let texts: [RecognizedText] = [
      RecognizedText(words: []),
      RecognizedText(words: [RecognizedWord("hello", range: range(0, 400), confidence: 0.9)]),
      RecognizedText(words: [
        RecognizedWord("Café", range: range(0, 300), confidence: 0.5), RecognizedWord("naïve", range: range(300, 200)),
        RecognizedWord("🎉", range: range(500, 100), confidence: 0.7),
        RecognizedWord("e\u{301}clair", range: range(600, 300), confidence: 0.8),
      ]),
      RecognizedText(words: [RecognizedWord("no"), RecognizedWord("ranges", confidence: 0.4)]),
    ]

    /// What the twin built before: word by word.
    static func appended(
      _ text: RecognizedText, resultRange: CMTimeRange, timeRanges: Bool, confidence: Bool, leadingSpace: Bool
    ) -> AttributedString {
      var built = AttributedString()
      let wordsHaveRanges = text.words.contains { $0.range != nil }
      for (index, word) in text.words.enumerated() {
        var piece = AttributedString(
          (index == 0 && leadingSpace ? " " : "") + (index + 1 < text.words.count ? word.text + " " : word.text))
        if timeRanges { piece.audioTimeRange = wordsHaveRanges ? word.range : resultRange }
        if confidence, let value = word.confidence { piece.transcriptionConfidence = value }
        built += piece
      }
      return built
    }

    @Test(arguments: texts) func equalsAppendingWordByWord(text: RecognizedText) {
      let resultRange = Self.range(0, 2000)
      for timeRanges in [false, true] {
        for confidence in [false, true] {
          for leadingSpace in [false, true] {
            let built = text.attributedString(
              resultRange: resultRange, timeRanges: timeRanges, confidence: confidence, leadingSpace: leadingSpace)
            let expected = Self.appended(
              text, resultRange: resultRange, timeRanges: timeRanges, confidence: confidence, leadingSpace: leadingSpace
            )
            #expect(
              built == expected,
              "\(text) timeRanges \(timeRanges) confidence \(confidence) leadingSpace \(leadingSpace)")
            #expect(built.runs.count == expected.runs.count)
          }
        }
      }
    }
  }
#endif
