import Testing

@testable import SpeechReplayImport

@Suite struct ScenarioTextTests {
  @Test func durationsReadAsScenarioDurations() {
    #expect(ScenarioText.duration(0) == "0s")
    #expect(ScenarioText.duration(1.5) == "1.5s")
    #expect(ScenarioText.duration(3.2140004) == "3.214s")
    #expect(ScenarioText.duration(0.0000012) == "0.000001s")
  }

  @Test func quotedTextEscapesQuotesAndNewlines() {
    #expect(ScenarioText.quoted("say \"hi\"\nnow") == "\"say \\\"hi\\\"\\nnow\"")
  }

  @Test func textIsSpreadOverSegmentsByLength() {
    let segments = [SpeechSegment(start: 0, end: 1), SpeechSegment(start: 2, end: 5)]
    #expect(ScenarioSkeleton.spread("one two three four", over: segments) == ["one", "two three four"])
    #expect(ScenarioSkeleton.spread(nil, over: segments) == ["", ""])
  }
}
