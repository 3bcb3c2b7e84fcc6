import SpeechReplay
import Testing

/// The one-pass helpers of the text invariants against the straightforward definitions they
/// replaced, on many generated texts (a fixed-seed generator, so every run checks the same cases).
@Suite struct InvariantCheckerWordsTests {
  /// A small linear congruential generator: deterministic across runs and platforms.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  static let tokens = ["the", "The", "quick", "fox.", "fox", "“uh”", "—", "don't", "¿qué?", "e\u{301}", "#", "a"]
  static let separators = [" ", "  ", "\n", "\t", " \u{00A0}"]

  static func text(_ generator: inout Generator) -> String {
    var text = generator.next(3) == 0 ? " " : ""
    for index in 0..<generator.next(12) {
      if index > 0 { text += separators[generator.next(separators.count)] }
      text += tokens[generator.next(tokens.count)]
    }
    return text + (generator.next(3) == 0 ? "\n" : "")
  }

  @Test func lastWordsIsTheTailOfWords() {
    var generator = Generator(state: 13)
    for _ in 0..<2_000 {
      let text = Self.text(&generator)
      let all = InvariantChecker.words(text)
      for limit in 0...4 {
        #expect(
          InvariantChecker.lastWords(text, atMost: limit) == Array(all.suffix(limit)),
          "\(text.debugDescription), \(limit)")
      }
    }
  }

  @Test func overlapIsTheLongestCommittedSuffixThatStartsTheVolatileText() {
    var generator = Generator(state: 7)
    let vocabulary = ["a", "b", "c"]
    for _ in 0..<5_000 {
      let committed = (0..<generator.next(7)).map { _ in vocabulary[generator.next(vocabulary.count)] }
      let volatile = (0..<generator.next(7)).map { _ in vocabulary[generator.next(vocabulary.count)] }
      // The definition the no-stutter check used before: try every length from the longest down.
      var expected = 0
      for length in stride(from: min(committed.count, volatile.count), through: 1, by: -1)
      where Array(committed.suffix(length)) == Array(volatile.prefix(length)) {
        expected = length
        break
      }
      let tail = committed.suffix(min(committed.count, volatile.count))
      #expect(InvariantChecker.overlap(of: tail, with: volatile) == expected, "\(committed) \(volatile)")
    }
  }
}
