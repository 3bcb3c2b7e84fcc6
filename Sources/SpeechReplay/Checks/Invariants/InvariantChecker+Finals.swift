import Simulation
import SpeechTwin

extension InvariantChecker {
  /// `committed-is-finals`: the words of the committed text are the words of the model's finals of
  /// the session, joined in the order they were published, each at most once (a stack may commit
  /// the text it kept from before the session first, and finals it has not read yet are missing).
  /// Words are compared as ``words(_:)`` gives them, so the spacing rule and punctuation between
  /// finals do not matter here (the scenarios' `expect.final` checks those). A legacy recognition
  /// task that ended with an error counts its last partial result as its final.
  func committedIsFinals() -> InvariantViolation? {
    // The finals published so far, as words, and the non-final guesses (for the message).
    var finals: [(text: String, words: [String])] = []
    var guesses: Set<[String]> = []
    // Words on screen when the latest session began, which the stack may keep.
    var kept: [String] = []
    // The committed words explained so far, and how many finals (from the first) that took.
    var matched: [String] = []
    var usedFinals = 0
    var committed = ""
    var lastPartial: [String: String] = [:]  // each legacy task's latest partial result
    for event in timeline.events.only(Self.finalsKinds) {
      if ScenarioStepEvent(event)?.isStart == true {
        kept = Self.words(committed)
        continue
      }
      if event.kind == .recognitionTaskFinished {
        if let text = Self.lastPartial(ofFailed: event, &lastPartial) { finals.append((text, Self.words(text))) }
        continue
      }
      // A legacy recognition task's final result (the whole task's text) is what its stack commits.
      if let result = AnalyzerResultEvent(event).map({ ($0.isFinal, $0.text) }) ?? Self.recognitionResult(event) {
        if result.0 {
          finals.append((result.1, Self.words(result.1)))
        } else {
          guesses.insert(Self.words(result.1))
          if let task = event.fields.value("task"), event.kind == .recognitionResult { lastPartial[task] = result.1 }
        }
        continue
      }
      guard let state = UIStateEvent(event), state.committed != committed else { continue }
      committed = state.committed
      let words = Self.words(committed)
      // Text cleared or rewritten (a new session, or `committed-append-only`'s to report): matched
      // again from the text kept at the session's start if the stack kept it, else from nothing.
      // Extending what was explained so far first; failing that (or when the text was not
      // extended), explained afresh from the kept text or from nothing, with any finals.
      var bases = words.starts(with: matched) ? [(matched, usedFinals)] : []
      if words.starts(with: kept) && !kept.isEmpty { bases.append((kept, 0)) }
      bases.append(([], 0))
      var unexplained: ArraySlice<String>?
      for (base, used) in bases {
        var attempt = (matched: base, used: used)
        let rest = Self.explain(words, matched: &attempt.matched, usedFinals: &attempt.used, finals: finals)
        if rest == nil || unexplained == nil {
          (matched, usedFinals) = attempt
          unexplained = rest
        }
        if rest == nil { break }
      }
      if let rest = unexplained {
        return InvariantViolation(
          .committedIsFinals, at: event.time,
          "the committed text became \(Self.quoted(committed)), but \(Self.quoted(rest.joined(separator: " "))) \(Self.explanation(of: Array(rest), after: Array(words[..<rest.startIndex]), finals: finals, guesses: guesses))"
        )
      }
    }
    return nil
  }

  /// The events `committed-is-finals` reads.
  private static let finalsKinds: [TraceEvent.Kind] = [
    ScenarioStepEvent.kind, AnalyzerResultEvent.kind, .recognitionResult, .recognitionTaskFinished, UIStateEvent.kind,
  ]

  /// The last partial result of the task a `recognizer.task.finish` event ends, when it ended with
  /// an error (nil otherwise); the task is forgotten either way. A failed task sends no final
  /// result, only the error (Apple's handler gets `nil` and the error), so the words it last showed
  /// are the most a correct stack can keep.
  private static func lastPartial(ofFailed event: TraceEvent, _ partials: inout [String: String]) -> String? {
    guard let task = event.fields.value("task") else { return nil }
    defer { partials[task] = nil }
    return event.fields.value("outcome") == "error" ? partials[task] : nil
  }

  /// An `SFSpeechRecognitionTask`'s result (`recognizer.result`): whether it is final, and its text.
  private static func recognitionResult(_ event: TraceEvent) -> (Bool, String)? {
    guard event.kind == .recognitionResult, let text = event.fields.value("text") else { return nil }
    return (event.fields.value("final") == "true", text)
  }

  /// Extends `matched` (the committed words explained so far, with `usedFinals` finals) over
  /// `words` with later finals in order (any may be skipped); the words no choice of finals explains
  /// (the longest explanation's rest), or nil when all are.
  private static func explain(
    _ words: [String], matched: inout [String], usedFinals: inout Int, finals: [(text: String, words: [String])]
  ) -> ArraySlice<String>? {
    // Depth-first over the finals that fit at each position; a (position, finals used) pair that
    // failed once fails again, so each is tried once.
    var failed: Set<[Int]> = []
    var longest = matched.count
    func search(_ position: Int, _ used: Int) -> Int? {
      if position == words.count { return used }
      if failed.contains([position, used]) { return nil }
      let rest = words[position...]
      for next in used..<finals.count where !finals[next].words.isEmpty && rest.starts(with: finals[next].words) {
        longest = max(longest, position + finals[next].words.count)
        if let end = search(position + finals[next].words.count, next + 1) { return end }
      }
      failed.insert([position, used])
      return nil
    }
    guard let end = search(matched.count, usedFinals) else { return words[min(longest, words.count)...] }
    matched = words
    usedFinals = end
    return nil
  }

  /// Why `rest`, committed words no final explains after the explained words `before`, is not the
  /// model's: a final committed again, a guess committed, or words from nowhere.
  private static func explanation(
    of rest: [String], after before: [String], finals: [(text: String, words: [String])], guesses: Set<[String]>
  ) -> String {
    func contains(_ words: [String], _ part: [String]) -> Bool {
      guard !part.isEmpty, part.count <= words.count else { return false }
      return (0...(words.count - part.count)).contains { words[$0..<($0 + part.count)].elementsEqual(part) }
    }
    if let again = finals.filter({ !$0.words.isEmpty && rest.starts(with: $0.words) && contains(before, $0.words) })
      .max(by: { $0.words.count < $1.words.count })
    {
      return
        "repeats the final \(quoted(again.text)) already committed: a final was committed twice (the words the user reads as final must be the model's finals, each once)"
    }
    let pending = finals.first { !$0.words.isEmpty && !contains(before, $0.words) }
    if guesses.contains(where: { !$0.isEmpty && rest.starts(with: $0) }) {
      return
        "is the model's volatile guess, not its final\(pending.map { " (\(quoted($0.text)))" } ?? ""): the grey guess was committed instead of the final that replaced it"
    }
    return
      "is not a final the model published\(pending.map { " (the next one was \(quoted($0.text)))" } ?? ""): committed text must be the model's finals joined in order, once"
  }
}
