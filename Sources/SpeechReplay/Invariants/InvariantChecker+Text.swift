import Simulation
import SimulatedDevice
import SpeechTwin

extension InvariantChecker {
  func committedAppendOnly() -> InvariantViolation? {
    var previous: String?
    var newSession = false
    for event in timeline.events {
      if ScenarioStepEvent(event)?.isStart == true { newSession = true }
      guard let committed = UIStateEvent(event)?.committed else { continue }
      defer { previous = committed }
      guard let before = previous, !committed.hasPrefix(before) else { continue }
      // A new session may start from empty text; anything else rewrote what the user had read.
      if newSession && committed.isEmpty { newSession = false; continue }
      return InvariantViolation(
        .committedAppendOnly, at: event.time,
        "the committed text changed from \(Self.quoted(before)) to \(Self.quoted(committed)); words the user had read as final were rewritten or removed")
    }
    return nil
  }

  func noStutter() -> InvariantViolation? {
    // Every volatile guess the model published so far: with publication latency the reader may show
    // one after a newer result (even a final) was published (found by `speech-replay explore`).
    var modelGuesses: Set<[String]> = []
    for event in timeline.events {
      if let result = AnalyzerResultEvent(event) {
        if !result.isFinal { modelGuesses.insert(Self.words(result.text)) }
        continue
      }
      guard let state = UIStateEvent(event) else { continue }
      let committed = Self.words(state.committed), volatile = Self.words(state.volatile)
      guard !committed.isEmpty, !volatile.isEmpty else { continue }
      var overlap = 0
      for length in stride(from: min(committed.count, volatile.count), through: 1, by: -1)
      where Array(committed.suffix(length)) == Array(volatile.prefix(length)) {
        overlap = length
        break
      }
      // One repeated word is ordinary speech ("… to the" then "the …") unless it is all that was committed.
      guard overlap >= 2 || (overlap == 1 && committed.count == 1) else { continue }
      // Showing exactly the model's latest guess is right even when the model repeats itself (a
      // script whose utterance spans a stop); the trap is text the stack added to that guess.
      guard !modelGuesses.contains(volatile) else { continue }
      return InvariantViolation(
        .noStutter, at: event.time,
        "the user saw committed \(Self.quoted(state.committed)) followed by volatile \(Self.quoted(state.volatile)): the volatile text repeats the last \(overlap) committed word\(overlap == 1 ? "" : "s")")
    }
    return nil
  }

  func volatileClearedWhenFinal() -> InvariantViolation? {
    let events = timeline.events
    for (index, event) in events.enumerated() {
      guard let final = AnalyzerResultEvent(event), final.isFinal else { continue }
      let text = final.text
      guard !Self.words(text).isEmpty, final.end.isNumeric else { continue }
      let end = final.end.seconds
      // The final is consumed when the committed text next changes; look at that state.
      let committedBefore = events[..<index].lazy.reversed().compactMap(UIStateEvent.init).first?.committed
      guard let consumedIndex = events[(index + 1)...].firstIndex(where: { UIStateEvent($0).map { $0.committed != committedBefore } ?? false }),
        let consumed = UIStateEvent(events[consumedIndex])
      else { continue }
      let volatile = consumed.volatile
      guard !Self.words(volatile).isEmpty else { continue }
      // Still fine: the guess of a later range, published before the state was shown.
      let laterGuesses = events[..<consumedIndex].compactMap(AnalyzerResultEvent.init).filter {
        !$0.isFinal && ($0.start.isNumeric ? $0.start.seconds : -1) >= end - 0.0005
      }.map { Self.words($0.text) }
      guard !laterGuesses.contains(Self.words(volatile)) else { continue }
      return InvariantViolation(
        .volatileClearedWhenFinal, at: events[consumedIndex].time,
        "after the final \(Self.quoted(text)) for \(final.start.millisecondsText)–\(final.end.millisecondsText) s was committed, the UI still showed the volatile \(Self.quoted(volatile)) for that range")
    }
    return nil
  }

  func nothingLostAtStop() -> InvariantViolation? {
    let events = timeline.events
    var lastState: UIStateEvent?
    for (index, event) in events.enumerated() {
      if let state = UIStateEvent(event) { lastState = state }
      guard ScenarioStepEvent(event)?.isStop == true, let before = lastState else { continue }
      let pending = Self.words(before.volatile)
      guard !pending.isEmpty else { continue }
      // A stop outside a session (after a failure left a guess on screen) has nothing to finalize.
      guard ["listening", "preparing", "stopping"].contains(where: { before.phase.hasPrefix($0) }) else { continue }
      guard let returned = events[(index + 1)...].firstIndex(where: { SubjectReturnedEvent($0)?.call == .stop }) else { continue }
      // What the user is left with: the last state before the next step (or the end).
      let next = events[(returned + 1)...].firstIndex { $0.kind == ScenarioStepEvent.kind } ?? events.endIndex
      guard let afterIndex = events[..<next].lastIndex(where: { UIStateEvent($0) != nil }), let after = UIStateEvent(events[afterIndex]) else { continue }
      let committedBefore = before.committed, committedAfter = after.committed
      let added = Self.words(committedAfter.hasPrefix(committedBefore) ? String(committedAfter.dropFirst(committedBefore.count)) : committedAfter)
      // A model that fails while finalizing cannot commit: words still on screen under a failure the
      // user is shown are not lost (found by `speech-replay explore`: a model error during a stop).
      let kept = after.phase.hasPrefix("failed") ? added + Self.words(after.volatile) : added
      guard !Self.isSubsequence(pending, of: kept) else { continue }
      // Finalizing may correct a misheard guess ("uh" becomes "Hello."): as many words kept as were
      // pending is not a loss (found by `speech-replay explore` with a rewritten first word).
      guard kept.count < pending.count else { continue }
      return InvariantViolation(
        .nothingLostAtStop, at: events[afterIndex].time,
        "the user tapped stop while \(Self.quoted(before.volatile)) showed as volatile, and was left with committed \(Self.quoted(committedAfter)) and volatile \(Self.quoted(after.volatile)): the last words were lost")
    }
    return nil
  }

  /// Whether `words` appear in `text` in order (other words may come between).
  static func isSubsequence(_ words: [String], of text: [String]) -> Bool {
    var remaining = words[...]
    for word in text where remaining.first == word { remaining = remaining.dropFirst() }
    return remaining.isEmpty
  }
}
