/// The words of one displayed text after another, each text split and normalised only from where
/// it first differs from the text before it.
///
/// A growing transcript is displayed thousands of times in a long session, committed text first:
/// splitting and normalising every word of every displayed text was quadratic, 30 % of a
/// ten-minute replay of speech. For ASCII texts the words before the first differing byte are
/// kept (a word ending exactly there only when the new text also ends it there); any other text
/// is split whole, as before.
struct DisplayedWords {
  /// The current text's words.
  private(set) var words: [String] = []
  /// The current text's words, normalised (``StreamingMetrics/normalized(_:)``).
  private(set) var normalized: [String] = []
  /// How many leading words the current text shares, exactly, with the text shown before it.
  private(set) var shared = 0
  /// The current text's UTF-8 bytes when it is ASCII; nil otherwise.
  private var bytes: [UInt8]?
  /// UTF-8 offset just past each word of the current text (ASCII texts only).
  private var ends: [Int] = []

  /// Takes the next displayed text.
  mutating func show(_ text: String) {
    let next = Array(text.utf8)
    guard next.allSatisfy({ $0 < 0x80 }) else {
      splitWhole(text)
      return
    }
    let previous = bytes ?? []
    var keep = 0
    if bytes != nil {
      var common = 0
      let limit = min(previous.count, next.count)
      while common < limit && previous[common] == next[common] { common += 1 }
      while keep < ends.count {
        let end = ends[keep]
        guard end < common || (end == common && (common == next.count || ASCIIWords.isWhitespace(next[common]))) else {
          break
        }
        keep += 1
      }
    }
    words.removeSubrange(keep...)
    normalized.removeSubrange(keep...)
    ends.removeSubrange(keep...)
    var index = keep > 0 ? ends[keep - 1] : 0
    while index < next.count {
      while index < next.count && ASCIIWords.isWhitespace(next[index]) { index += 1 }
      guard index < next.count else { break }
      let start = index
      while index < next.count && !ASCIIWords.isWhitespace(next[index]) { index += 1 }
      let word = String(decoding: next[start..<index], as: UTF8.self)
      words.append(word)
      normalized.append(StreamingMetrics.normalized(word[...]))
      ends.append(index)
    }
    shared = keep
    bytes = next
  }

  /// Splits a text that is not ASCII at `Character` whitespace, sharing nothing with the text before.
  private mutating func splitWhole(_ text: String) {
    let pieces = text.split(whereSeparator: \.isWhitespace)
    words = pieces.map(String.init)
    normalized = pieces.map(StreamingMetrics.normalized)
    ends = []
    bytes = nil
    shared = 0
  }
}
