import Testing

@testable import SpeechReplay

/// The ASCII fast paths of word splitting and normalising give exactly what the general,
/// `Character`-based paths give, and texts that are not ASCII still take the general path.
@Suite struct ASCIIWordsTests {
  static let texts = [
    "", " ", "hello", "Hello world.", "  leading and trailing  ", "tabs\tand\nnewlines\r\nand\u{0B}vt\u{0C}ff",
    "Turn on the lights. Set a timer!", "it's 5 o'clock — on the dot",
    "don't, won't; can't: (maybe) [sure] {ok} <x> a/b c\\d",
    "$100 + 5% = ~#@^&*_|`\"", "lights.Set", "Café naïve résumé", "日本語 テキスト", "emoji 🎉 party", "mixed ASCII and é",
    "\u{85}next-line", "UPPER lower MiXeD 123 4x4",
  ]

  @Test(arguments: texts) func splittingMatchesTheGeneralPath(text: String) {
    #expect(ASCIIWords.split(text) == text.split(whereSeparator: \.isWhitespace))
  }

  @Test(arguments: texts) func normalisingMatchesTheGeneralPath(text: String) {
    for word in text.split(whereSeparator: \.isWhitespace) {
      #expect(StreamingMetrics.normalized(word) == StreamingMetrics.generallyNormalized(word), "\(word)")
      #expect(InvariantChecker.comparedWord(word) == InvariantChecker.generallyComparedWord(word), "\(word)")
    }
  }

  @Test func everyASCIIByteIsClassifiedAsTheGeneralPathDoes() {
    for byte in UInt8(0x21)...UInt8(0x7E) {
      let word = Substring(String(UnicodeScalar(byte)))
      #expect(StreamingMetrics.normalized(word) == StreamingMetrics.generallyNormalized(word), "byte \(byte)")
      #expect(InvariantChecker.comparedWord(word) == InvariantChecker.generallyComparedWord(word), "byte \(byte)")
    }
    for byte in UInt8(0)...UInt8(0x7F) {
      let text = "a\(String(UnicodeScalar(byte)))b"
      #expect(ASCIIWords.split(text) == text.split(whereSeparator: \.isWhitespace), "byte \(byte)")
    }
  }
}
