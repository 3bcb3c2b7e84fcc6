/// What was said, mapped to the speech segments of a recording.
///
/// - One line per segment (`--text-file`): line N is segment N's text; the counts must agree.
/// - A text (`--text`): cut into sentences (after `.`, `!`, `?`), and each sentence kept whole.
///   The words are first spread over the segments by their length; a sentence whose words fall
///   into several segments joins those segments into one (a pause inside a sentence), so no
///   final ever holds the end of one sentence and the start of the next.
enum SegmentTexts {
  /// The segments (joined where a sentence spans several) and one text per segment ("" for none).
  static func map(
    text: String?, lines: [String]?, onto segments: [SpeechSegment], audioPath: String
  ) throws -> ([SpeechSegment], [String]) {
    if let lines {
      guard lines.count == segments.count else {
        throw ScenarioSkeletonError(
          "\(audioPath): the text file has \(lines.count) line\(lines.count == 1 ? "" : "s") but the recording has \(segments.count) speech segment\(segments.count == 1 ? "" : "s"); write one line per segment (see `speech-replay audio segments`), or give the segments with --segments"
        )
      }
      return (segments, lines)
    }
    guard let text, !segments.isEmpty else { return (segments, segments.map { _ in "" }) }
    return sentences(text, onto: segments)
  }

  /// The sentences of `text`: runs of words ending in `.`, `!` or `?` (the rest is a last sentence).
  static func sentences(of text: String) -> [[String]] {
    var sentences: [[String]] = []
    var current: [String] = []
    for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
      current.append(word)
      if let last = word.last(where: { !"\"')]”’".contains($0) }), ".!?".contains(last) {
        sentences.append(current)
        current = []
      }
    }
    if !current.isEmpty { sentences.append(current) }
    return sentences
  }

  /// Sentences kept whole over `segments`: each boundary between two sentences goes to the pause
  /// between segments nearest to it (the share of the words before it against the share of the
  /// speech time before the pause); segments between two chosen pauses join into one utterance.
  /// With more sentences than pauses, neighbouring sentences share a segment.
  static func sentences(_ text: String, onto segments: [SpeechSegment]) -> ([SpeechSegment], [String]) {
    let sentences = sentences(of: text)
    let total = Double(sentences.reduce(0) { $0 + $1.count })
    let speech = max(segments.reduce(0) { $0 + $1.duration }, 1e-9)
    var elapsed = 0.0
    // The share of speech before the pause after segment j.
    let pauses = segments.dropLast().map { segment -> Double in
      elapsed += segment.duration
      return elapsed / speech
    }
    var cuts: [(pause: Int, sentence: Int)] = []  // the pause after segment `pause` ends sentence `sentence`
    var words = 0
    for (index, sentence) in sentences.enumerated().dropLast() {
      words += sentence.count
      let share = Double(words) / total
      let first = (cuts.last?.pause ?? -1) + 1
      let last = pauses.count - (sentences.count - 1 - index)  // leave a pause for each later boundary if possible
      guard first < pauses.count else { break }
      let candidates = first...max(first, min(last, pauses.count - 1))
      let nearest = candidates.min { abs(pauses[$0] - share) < abs(pauses[$1] - share) }!
      cuts.append((nearest, index))
    }
    var joined: [SpeechSegment] = []
    var texts: [String] = []
    var firstSegment = 0
    var firstSentence = 0
    for cut in cuts + [(segments.count - 1, sentences.count - 1)] {
      joined.append(SpeechSegment(start: segments[firstSegment].start, end: segments[cut.pause].end))
      texts.append(sentences[firstSentence...cut.sentence].joined().joined(separator: " "))
      firstSegment = cut.pause + 1
      firstSentence = cut.sentence + 1
    }
    return (joined, texts)
  }
}

extension ScenarioSkeleton {
  /// For each of `wordCount` words, the segment it falls into when the words are spread over the
  /// segments in proportion to their lengths.
  static func spreadIndexes(wordCount: Int, over segments: [SpeechSegment]) -> [Int] {
    let total = segments.reduce(0) { $0 + $1.duration }
    guard total > 0, wordCount > 0 else { return Array(repeating: 0, count: wordCount) }
    var owners: [Int] = []
    var elapsed = 0.0
    for (index, segment) in segments.enumerated() {
      elapsed += segment.duration
      let upTo =
        index == segments.count - 1 ? wordCount : min(wordCount, Int((Double(wordCount) * elapsed / total).rounded()))
      while owners.count < upTo { owners.append(index) }
    }
    return owners
  }

  /// The words of `text` spread over the segments in proportion to their lengths (empty texts without words).
  static func spread(_ text: String?, over segments: [SpeechSegment]) -> [String] {
    guard let text, !segments.isEmpty else { return segments.map { _ in "" } }
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    let owners = spreadIndexes(wordCount: words.count, over: segments)
    return segments.indices.map { index in
      zip(words, owners).filter { $0.1 == index }.map(\.0).joined(separator: " ")
    }
  }
}
