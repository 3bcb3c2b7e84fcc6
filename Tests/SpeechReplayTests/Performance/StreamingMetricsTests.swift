import SpeechReplay
import Testing

/// Each metric on hand-made display sequences whose values are worked out by hand from the
/// definitions (field notes §4).
@Suite struct StreamingMetricsTests {
  @Test func aRewrittenWordIsUnstableAndErased() {
    // the → the quick (kept) → the quack brown (quick lost) → the quick brown fox (quack, brown lost)
    let metrics = StreamingMetrics.measure(
      sessions: [["the", "the quick", "the quack brown", "the quick brown fox"]], utterances: 1, audioSeconds: 2)
    #expect(metrics.unstableWords == 3)
    #expect(metrics.unstableUpdates == 2)
    #expect(metrics.erasedWords == 3)
    #expect(metrics.finalWords == 4)
    #expect(metrics.upwr == 0.75)
    #expect(metrics.upsr == 2, "two unstable updates for one utterance: UPSR may exceed 1")
    #expect(metrics.normalizedErasure == 0.75)
    #expect(metrics.editsPerSecond == 1.5)
  }

  @Test func anExtendedLastWordIsStableButErased() {
    let metrics = StreamingMetrics.measure(sessions: [["some", "something"]], utterances: 1, audioSeconds: 1)
    #expect(metrics.upwr == 0, "'some' → 'something' is an extension, stable")
    #expect(metrics.unstableUpdates == 0)
    #expect(metrics.normalizedErasure == 1, "the characters 'some' are replaced on screen")
  }

  @Test func anExtendedWordInsideTheTextIsUnstable() {
    let metrics = StreamingMetrics.measure(
      sessions: [["some thing", "something else"]], utterances: 1, audioSeconds: 1)
    #expect(metrics.unstableWords == 2, "only the last word may be extended")
  }

  @Test func casingAndPunctuationAtFinalizationAreStableButErased() {
    let metrics = StreamingMetrics.measure(
      sessions: [["hello", "hello world", "Hello world."]], utterances: 1, audioSeconds: 1.5)
    #expect(metrics.upwr == 0)
    #expect(metrics.erasedWords == 2)
    #expect(metrics.normalizedErasure == 1)
  }

  @Test func aWithdrawnGuessIsUnstable() {
    let metrics = StreamingMetrics.measure(sessions: [["uh", "", "hi"]], utterances: 1, audioSeconds: 2)
    #expect(metrics.unstableWords == 1)
    #expect(metrics.upwr == 1)
    #expect(metrics.editsPerSecond == 0.5)
  }

  @Test func sessionsAreMeasuredApartAndRepeatsIgnored() {
    // A new session starting empty does not count the previous text as erased.
    let metrics = StreamingMetrics.measure(
      sessions: [["a", "a", "a b"], ["c", "x d"]], utterances: 2, audioSeconds: 0)
    #expect(metrics.finalWords == 4)
    #expect(metrics.unstableWords == 1, "only c → x d")
    #expect(metrics.upsr == 0.5)
    #expect(metrics.editsPerSecond == 0, "no audio, no rate")
    #expect(metrics[.upwr] == 0.25)
  }

  @Test func nothingShownGivesZeros() {
    let metrics = StreamingMetrics.measure(sessions: [[]], utterances: 0, audioSeconds: 3)
    #expect(metrics == StreamingMetrics.measure(sessions: [], utterances: 0, audioSeconds: 3))
    #expect(metrics.upwr == 0 && metrics.upsr == 0 && metrics.normalizedErasure == 0 && metrics.editsPerSecond == 0)
  }
}
