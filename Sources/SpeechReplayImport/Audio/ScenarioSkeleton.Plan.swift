extension ScenarioSkeleton {
  /// What the skeleton's model says and what the user must end up with.
  ///
  /// The model holds finals the way Apple's SpeechTranscriber does (Documentation/ModelBehaviour.md):
  /// volatile results grow while someone speaks, and a final comes only after a long pause
  /// (``Timing/finalAfterSilence``); until then every sentence heard stays volatile, and
  /// `finalize` commits them, one final per sentence. So whatever the stop time, every word heard
  /// before it is expected committed, and a stack that cancels instead of finalizing loses words.
  struct Plan: Equatable {
    /// One scripted result.
    struct Result: Equatable {
      var at: Double
      /// The volatile text, or the final's.
      var text: String
      var isFinal: Bool
      /// For a final: the segment it covers.
      var range: SpeechSegment?
      /// For a volatile: what finalize makes of it, one text per sentence held.
      var finalizeAs: [String] = []
      var placeholder = false
    }

    var results: [Result] = []
    /// The segment the stop cuts, if any.
    var cutIndex: Int?
    /// Segments heard at least in part.
    var heardCount = 0

    /// The finals' texts, in order.
    var finals: [String] { results.filter(\.isFinal).map(\.text) }
    /// The volatile text showing at the end, when no final followed it.
    var pending: Result? { results.last.flatMap { $0.isFinal ? nil : $0 } }
    /// What the user must see committed once stop has finalized.
    var committed: String { (finals + (pending?.finalizeAs ?? [])).joined(separator: " ") }
  }

  /// When things happen, in seconds of the file.
  struct Timing: Equatable {
    /// Audio the analyzer received by the stop (the end of the last whole tap before it, a
    /// little less for the converter), or the file's end.
    var heardEnd: Double
    /// Finals after this time are left to finalize (so they are surely published before the
    /// stop, or not at all).
    var finalsBy: Double
    /// Silence after a segment before the model commits it (``ModelProfile``).
    var finalAfterSilence: Double
    /// Spacing of the volatile results.
    var volatileSpacing: Double
  }

  /// The results for `segments` and their `texts` (empty: a placeholder) heard up to `timing.heardEnd`.
  static func plan(segments: [SpeechSegment], texts: [String], timing: Timing) -> Plan {
    var plan = Plan()
    var held: [(segment: SpeechSegment, text: String, volatile: [String])] = []
    for (index, segment) in segments.enumerated() {
      // A word needs a little audio to be heard at all.
      guard segment.start + 0.05 < timing.heardEnd else { break }
      plan.heardCount = index + 1
      let speech = SegmentSpeech(index: index, text: texts[index])
      let heardUntil = min(segment.end, timing.heardEnd)
      for at in volatileTimes(segment, until: heardUntil, spacing: timing.volatileSpacing) {
        let count = speech.heardWords(at: at, in: segment)
        guard count > 0 else { continue }
        let result = Plan.Result(
          at: at, text: (held.flatMap(\.volatile) + speech.volatileWords(count)).joined(separator: " "),
          isFinal: false, finalizeAs: held.map(\.text) + [speech.finalized(count)], placeholder: speech.placeholder)
        if let last = plan.results.last, !last.isFinal, last.text == result.text {
          plan.results[plan.results.count - 1] = result
        } else {
          plan.results.append(result)
        }
      }
      if heardUntil < segment.end {
        plan.cutIndex = index
        break
      }
      held.append((segment, speech.finalized(speech.wordCount), speech.volatileWords(speech.wordCount)))
      // Apple's model commits only after a long pause; a shorter one leaves the sentence volatile.
      let finalAt = segment.end + timing.finalAfterSilence
      let nextStart = index + 1 < segments.count ? segments[index + 1].start : Double.infinity
      if finalAt <= nextStart && finalAt <= timing.finalsBy {
        for piece in held {
          plan.results.append(.init(at: finalAt, text: piece.text, isFinal: true, range: piece.segment))
        }
        held = []
      }
    }
    return plan
  }

  /// Volatile times in a segment: every `spacing` after its start, and the last heard moment.
  static func volatileTimes(_ segment: SpeechSegment, until end: Double, spacing: Double) -> [Double] {
    var times: [Double] = []
    var at = segment.start + spacing
    while at < end - 0.01 {
      times.append(at)
      at += spacing
    }
    return times + [end]
  }
}

/// One segment's words as the skeleton's model hears them: in proportion to the time heard.
struct SegmentSpeech {
  var index: Int
  var words: [String]

  init(index: Int, text: String) {
    self.index = index
    self.words = text.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// No text was given: the segment is one placeholder to edit.
  var placeholder: Bool { words.isEmpty }
  var wordCount: Int { max(1, words.count) }

  /// Words heard once audio up to `at` has arrived: the words share the segment evenly, and a word
  /// counts once 80 % of it has arrived (as the twin's model hears a word whose audio arrived
  /// mostly intact; a soft ending is not needed).
  func heardWords(at: Double, in segment: SpeechSegment) -> Int {
    guard !placeholder else { return 1 }
    guard at < segment.end - 1e-6 else { return words.count }
    let share = (at - segment.start) / max(segment.duration, 1e-6)
    return min(words.count, Int((Double(words.count) * share + 0.2 + 1e-9).rounded(.down)))
  }

  /// The first `count` words as a volatile guess shows them (no sentence punctuation).
  func volatileWords(_ count: Int) -> [String] {
    placeholder ? ["segment", "\(index + 1)"] : words.prefix(count).map(ScenarioSkeleton.volatileWord)
  }

  /// What finalize makes of the first `count` words: as written (the whole sentence with its punctuation).
  func finalized(_ count: Int) -> String {
    placeholder ? "Segment \(index + 1)." : words.prefix(count).joined(separator: " ")
  }
}
