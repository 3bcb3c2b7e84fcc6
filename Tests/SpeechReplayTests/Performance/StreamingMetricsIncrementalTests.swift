import Simulation
import Testing

@testable import SpeechReplay

/// The incremental word lists of `StreamingMetrics.measure` give exactly the figures of splitting
/// and normalising every displayed text whole, on seeded random display sequences shaped like a
/// transcript: growing committed text, rewritten and extended volatile words, punctuation and case
/// changes, odd whitespace, empty texts and non-ASCII words.
@Suite struct StreamingMetricsIncrementalTests {
  static let vocabulary = [
    "the", "The", "quick", "quack", "brown", "fox.", "some", "something", "don't", "lights,", "Set", "a", "timer!",
    "café", "naïve", "日本", "5", "o'clock", "—",
  ]
  static let separators = [" ", " ", " ", "  ", "\t", "\n", "\r\n"]

  static func sessions(seed: UInt64) -> [[String]] {
    var random = SeededRandomNumberGenerator(seed: seed)
    var sessions: [[String]] = []
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      var committed: [String] = []
      var volatile: [String] = []
      var texts: [String] = []
      for _ in 0..<Int.random(in: 0...60, using: &random) {
        switch Int.random(in: 0..<10, using: &random) {
        case 0...3: volatile.append(vocabulary.randomElement(using: &random)!)  // a new word heard
        case 4: if !volatile.isEmpty { volatile[volatile.count - 1] += "s" }  // the last word extended
        case 5:
          if !volatile.isEmpty {
            volatile[Int.random(in: 0..<volatile.count, using: &random)] = vocabulary.randomElement(using: &random)!
          }  // a rewrite
        case 6:  // a final: the volatile words committed
          committed += volatile
          volatile = []
        case 7: volatile = []  // withdrawn
        case 8: if !committed.isEmpty { committed[0] = committed[0].capitalized }  // the committed text rewritten
        default: break  // the same text again
        }
        let words = committed + volatile
        var text = Bool.random(using: &random) ? "" : separators.randomElement(using: &random)!
        for (index, word) in words.enumerated() {
          text += word
          if index + 1 < words.count { text += separators.randomElement(using: &random)! }
        }
        texts.append(text)
      }
      sessions.append(texts)
    }
    return sessions
  }

  @Test(arguments: 0..<200 as Range<UInt64>)
  func incrementalWordsGiveTheFiguresOfSplittingEveryText(seed: UInt64) {
    let sessions = Self.sessions(seed: seed)
    let incremental = StreamingMetrics.measure(sessions: sessions, utterances: 2, audioSeconds: 10)
    let whole = StreamingMetrics.measureSplittingEveryText(sessions: sessions, utterances: 2, audioSeconds: 10)
    #expect(incremental == whole, "seed \(seed): \(sessions)")
  }

  @Test func theWordsSharedWithTheTextBeforeAreCounted() {
    var display = DisplayedWords()
    display.show("the quick brown")
    #expect(display.words == ["the", "quick", "brown"] && display.shared == 0)
    display.show("the quick brownie fox")  // "brown" ends where the texts differ, but not in the new one
    #expect(display.words == ["the", "quick", "brownie", "fox"] && display.shared == 2)
    display.show("the quick brownie fox jumps")
    #expect(display.shared == 4 && display.normalized.last == "jumps")
    display.show("The quick")
    #expect(display.words == ["The", "quick"] && display.shared == 0)
    display.show("The quick café")  // not ASCII: split whole
    #expect(display.words == ["The", "quick", "café"] && display.shared == 0)
  }
}
