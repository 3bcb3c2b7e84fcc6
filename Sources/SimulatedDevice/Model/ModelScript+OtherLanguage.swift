extension ModelScript {
  /// The script as a model of another language hears it: every word becomes a word of that
  /// language that sounds alike, at the same time and with the same punctuation, so a stack that
  /// runs the wrong language's model shows confident-looking text instead of an error (what a
  /// device does with Russian speech given to an English transcriber). The words are picked
  /// deterministically from the original word, so a replay shows the same text.
  public func heardInAnotherLanguage() -> ModelScript {
    var heard = self
    heard.entries = entries.map { entry in
      var entry = entry
      entry.alternatives = entry.alternatives.map(Self.misheard)
      entry.finalizeAs = entry.finalizeAs.map(Self.misheard)
      entry.finalizeAsResults = entry.finalizeAsResults.map(Self.misheard)
      return entry
    }
    return heard
  }

  /// Common short English words: what an English model makes of speech it cannot understand.
  private static let soundAlikes = [
    "a", "and", "at", "be", "but", "can", "do", "go", "he", "in", "is", "it", "know", "may", "me", "my", "no",
    "of", "oh", "on", "one", "or", "so", "the", "to", "we", "well", "yeah", "yes", "you",
  ]

  private static func misheard(_ text: RecognizedText) -> RecognizedText {
    RecognizedText(
      words: text.words.enumerated().map { index, word in
        var result = word
        result.text = misheard(word.text, capitalized: index == 0 && word.text.first?.isUppercase == true)
        return result
      })
  }

  private static func misheard(_ word: String, capitalized: Bool) -> String {
    let letters = word.filter { $0.isLetter || $0.isNumber }
    let punctuation = String(word.reversed().prefix { !($0.isLetter || $0.isNumber) }.reversed())
    guard !letters.isEmpty else { return word }
    // A stable hash of the word (Swift's Hasher is seeded per process).
    let hash = letters.unicodeScalars.reduce(UInt32(7)) { $0 &* 31 &+ $1.value }
    var sound = soundAlikes[Int(hash % UInt32(soundAlikes.count))]
    if capitalized { sound = sound.prefix(1).uppercased() + sound.dropFirst() }
    return sound + punctuation
  }
}
