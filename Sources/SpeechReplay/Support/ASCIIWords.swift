/// Fast paths for the word handling of the post-run checks when a text is ASCII (nearly every
/// transcript): splitting at whitespace and normalising a word byte by byte, with the same result
/// as the `Character`-based general paths. Those look up Unicode properties per character, which
/// was a tenth of a replay's post-run time on a minute of speech.
enum ASCIIWords {
  /// `text.split(whereSeparator: \.isWhitespace)`.
  static func split(_ text: String) -> [Substring] {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.split(whereSeparator: \.isWhitespace) }
    var words: [Substring] = []
    let utf8 = text.utf8
    var start: String.Index?
    var index = utf8.startIndex
    while index != utf8.endIndex {
      if isWhitespace(utf8[index]) {
        if let begun = start { words.append(text[begun..<index]) }
        start = nil
      } else if start == nil {
        start = index
      }
      index = utf8.index(after: index)
    }
    if let begun = start { words.append(text[begun..<text.endIndex]) }
    return words
  }

  /// The ASCII characters whose `Character.isWhitespace` is true: tab, line feed, vertical tab,
  /// form feed, carriage return and space.
  static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

  /// `word` lower-cased with the bytes `keep` rejects removed, or nil when `word` is not ASCII.
  static func lowercasedKeeping(_ word: Substring, _ keep: (UInt8) -> Bool) -> String? {
    guard word.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(word.utf8.count)
    for byte in word.utf8 {
      let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
      if keep(lower) { bytes.append(lower) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// ASCII letters and digits (what `Character.isLetter` and `.isNumber` accept below 0x80).
  static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte)
  }

  /// ASCII punctuation and symbols (Unicode categories P and S below 0x80): every printable
  /// character that is neither a letter, a digit nor a space.
  static func isPunctuationOrSymbol(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
      || (0x7B...0x7E).contains(byte)
  }
}
