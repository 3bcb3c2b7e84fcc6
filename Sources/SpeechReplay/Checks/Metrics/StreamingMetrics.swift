/// Stability figures of the text the user saw while speaking: UPWR, UPSR, normalized erasure and
/// edits per second (definitions after Shangguan et al., 2020, and `reference/field-notes.md` §4).
///
/// The input is what was displayed — committed text followed by volatile text — one string per
/// change, grouped by session (one `start` to the next). Within a session each consecutive pair
/// (Pᵢ, Pᵢ₊₁) is compared word by word:
/// - a word of Pᵢ is *unstable* when it is not kept as a word-aligned prefix of Pᵢ₊₁, compared
///   without case and punctuation, where a last word that is merely extended ("some" → "something")
///   counts as kept; so `hello world` → `Hello world.` is stable;
/// - a word of Pᵢ is *erased* when it is not kept exactly: the characters the user saw disappear
///   (case, punctuation and extension included), as a typist would have to backspace them.
///
/// ```swift
/// let metrics = StreamingMetrics.measure(sessions: [["the", "the quick", "the quack brown", "the quick brown fox"]],
///                                        utterances: 1, audioSeconds: 2)
/// metrics.upwr   // 0.75: three unstable words over the four words of the final text
/// ```
package struct StreamingMetrics: Sendable, Hashable {
  /// A metric that can be bounded in `expect.metrics`.
  package enum Metric: String, Sendable, Hashable, CaseIterable {
    /// Unstable partial word ratio: unstable words ÷ words of the final texts.
    case upwr
    /// Unstable partial segment ratio: updates with an unstable word ÷ utterances.
    case upsr
    /// Normalized erasure: erased words ÷ words of the final texts.
    case erasure
    /// Unstable words per second of audio heard.
    case editsPerSecond
  }

  /// Words of a displayed text that the next one did not keep (case and punctuation ignored).
  package var unstableWords: Int
  /// Updates with at least one unstable word.
  package var unstableUpdates: Int
  /// Words of a displayed text that the next one did not keep exactly.
  package var erasedWords: Int
  /// Words of the last text of each session, summed.
  package var finalWords: Int
  /// Unstable partial word ratio (the denominator is at least 1).
  package var upwr: Double
  /// Unstable partial segment ratio (the denominator is at least 1; may exceed 1).
  package var upsr: Double
  /// Normalized erasure (the denominator is at least 1).
  package var normalizedErasure: Double
  /// Unstable words per second of audio (0 without audio).
  package var editsPerSecond: Double

  /// The value of `metric`.
  /// - Parameter metric: The metric.
  /// - Returns: Its value.
  package subscript(metric: Metric) -> Double {
    switch metric {
    case .upwr: upwr
    case .upsr: upsr
    case .erasure: normalizedErasure
    case .editsPerSecond: editsPerSecond
    }
  }

  /// Measures displayed texts.
  /// - Parameters:
  ///   - sessions: The displayed texts of each session, in order (repeats are ignored).
  ///   - utterances: How many utterances were spoken, for UPSR (at least 1 is used).
  ///   - audioSeconds: Seconds of audio heard, for edits per second.
  /// - Returns: The figures.
  package static func measure(sessions: [[String]], utterances: Int, audioSeconds: Double) -> StreamingMetrics {
    var unstable = 0, updates = 0, erased = 0, finalWords = 0
    for session in sessions {
      var display = DisplayedWords()
      // The last distinct word list shown, and its normalised words.
      var before: (words: [String], normalized: [String])?
      for text in session {
        display.show(text)
        let after = display.words
        // Words before `shared` are the same as the previous text's, which shows the same words as `before`.
        let common = display.shared
        guard let shown = before else {
          before = (after, display.normalized)
          continue
        }
        if shown.words.count == after.count && shown.words[common...] == after[common...] { continue }
        let revised = shown.words.count - stablePrefix(shown.normalized, display.normalized, from: common)
        unstable += revised
        if revised > 0 { updates += 1 }
        erased += shown.words.count - exactPrefix(shown.words, after, from: common)
        before = (after, display.normalized)
      }
      finalWords += before?.words.count ?? 0
    }
    let words = Double(max(1, finalWords))
    return StreamingMetrics(
      unstableWords: unstable, unstableUpdates: updates, erasedWords: erased, finalWords: finalWords,
      upwr: Double(unstable) / words, upsr: Double(updates) / Double(max(1, utterances)),
      normalizedErasure: Double(erased) / words, editsPerSecond: audioSeconds > 0 ? Double(unstable) / audioSeconds : 0)
  }

  /// ``measure(sessions:utterances:audioSeconds:)`` splitting and normalising every text whole:
  /// the definition the incremental version must match (its tests compare the two).
  static func measureSplittingEveryText(sessions: [[String]], utterances: Int, audioSeconds: Double) -> StreamingMetrics
  {
    var unstable = 0, updates = 0, erased = 0, finalWords = 0
    for session in sessions {
      var shown: [[Substring]] = []
      for text in session {
        let words = ASCIIWords.split(text)
        if shown.last != words { shown.append(words) }
      }
      finalWords += shown.last?.count ?? 0
      // Each text is normalised once, not once as the newer and again as the older of a pair.
      var previous = shown.first.map { ($0, $0.map(normalized)) }
      for after in shown.dropFirst() {
        guard let (before, old) = previous else { break }
        let new = after.map(normalized)
        let revised = before.count - stablePrefix(old, new)
        unstable += revised
        if revised > 0 { updates += 1 }
        erased += before.count - exactPrefix(before, after)
        previous = (after, new)
      }
    }
    let words = Double(max(1, finalWords))
    return StreamingMetrics(
      unstableWords: unstable, unstableUpdates: updates, erasedWords: erased, finalWords: finalWords,
      upwr: Double(unstable) / words, upsr: Double(updates) / Double(max(1, utterances)),
      normalizedErasure: Double(erased) / words, editsPerSecond: audioSeconds > 0 ? Double(unstable) / audioSeconds : 0)
  }

  /// Leading words of `before` kept by `after`, ignoring case and punctuation, a merely extended
  /// last word counting as kept.
  static func stablePrefix(_ before: [Substring], _ after: [Substring]) -> Int {
    stablePrefix(before.map(normalized), after.map(normalized))
  }

  /// ``stablePrefix(_:_:)`` of words already normalised, the first `from` known to be equal.
  static func stablePrefix(_ old: [String], _ new: [String], from known: Int = 0) -> Int {
    var kept = known
    while kept < old.count && kept < new.count && old[kept] == new[kept] { kept += 1 }
    if kept == old.count - 1, kept < new.count, new[kept].hasPrefix(old[kept]) { kept += 1 }
    return kept
  }

  /// Leading words of `before` that `after` shows unchanged, the first `from` known to be.
  static func exactPrefix<Word: StringProtocol>(_ before: [Word], _ after: [Word], from known: Int = 0) -> Int {
    var kept = known
    while kept < before.count && kept < after.count && before[kept] == after[kept] { kept += 1 }
    return kept
  }

  /// A word lowercased without punctuation (apostrophes kept: "don't" stays one word).
  static func normalized(_ word: Substring) -> String {
    ASCIIWords.lowercasedKeeping(word) { ASCIIWords.isAlphanumeric($0) || $0 == UInt8(ascii: "'") }
      ?? generallyNormalized(word)
  }

  /// ``normalized(_:)`` for any text (the ASCII path gives the same).
  static func generallyNormalized(_ word: Substring) -> String {
    String(word.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "'" })
  }
}
