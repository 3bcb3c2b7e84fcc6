import CoreMediaTwin
import SimulatedDevice
import SpeechReplay
import Testing

@Suite struct SpeechUtteranceTests {
  func t(_ seconds: Double) -> CMTime { CMTime(seconds: seconds, preferredTimescale: 1_000_000) }

  func word(_ text: String, _ start: Double, _ end: Double) -> TimedWord {
    TimedWord(text, start: t(start), end: t(end))
  }

  @Test func aTranscriptScriptGivesEachUtteranceItsWordSpan() {
    let words = [
      word("turn", 0.5, 0.8), word("left", 0.9, 1.2), word("stop", 3.0, 3.4),
    ]
    let script = ModelScript(
      transcript: words, options: .init(volatileInterval: .milliseconds(200), finalAfterSilence: .milliseconds(800)))
    let utterances = SpeechUtterance.utterances(in: script)
    #expect(utterances.map(\.index) == [1, 2])
    #expect(utterances.map(\.onset) == [0.5, 3.0])
    #expect(utterances.map(\.end) == [1.2, 3.4])
    #expect(utterances.first?.label == "utterance 1 ('Turn left.', speech 0.500s–1.200s of the audio)")
  }

  @Test func explicitResultsUseTheirRangesOrThePreviousFinal() {
    let script = ModelScript(entries: [
      .volatile("the", at: t(0.4)),
      .final("The fox.", at: t(1.6), range: CMTimeRange(start: t(0.2), end: t(1.5))),
      .volatile("and", at: t(2.2)),
      .final("And more.", at: t(3.0)),
      .final("", at: t(4.0)),
    ])
    let utterances = SpeechUtterance.utterances(in: script)
    #expect(utterances.map(\.text) == ["The fox.", "And more."], "an empty final is no utterance")
    #expect(utterances.map(\.onset) == [0.2, 1.6], "without ranges the onset is where the previous final was")
    #expect(utterances.map(\.end) == [1.5, 3.0], "without ranges the end is the final's audio time")
  }
}
