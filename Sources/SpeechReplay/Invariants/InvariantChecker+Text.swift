import Simulation

extension InvariantChecker {
  func committedAppendOnly() -> InvariantViolation? {
    var previous: String?
    var newSession = false
    for event in timeline.events {
      if event.kind == .scenarioStep, event["step"] == "start" { newSession = true }
      guard event.kind == .uiState, let committed = event["committed"] else { continue }
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
    var modelGuess: [String] = []
    for event in timeline.events {
      if event.kind == "analyzer.result" {
        modelGuess = event["final"] == "false" ? Self.words(event["text"] ?? "") : []
        continue
      }
      guard event.kind == .uiState else { continue }
      let committed = Self.words(event["committed"] ?? ""), volatile = Self.words(event["volatile"] ?? "")
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
      guard volatile != modelGuess else { continue }
      return InvariantViolation(
        .noStutter, at: event.time,
        "the user saw committed \(Self.quoted(event["committed"] ?? "")) followed by volatile \(Self.quoted(event["volatile"] ?? "")): the volatile text repeats the last \(overlap) committed word\(overlap == 1 ? "" : "s")")
    }
    return nil
  }

  func volatileClearedWhenFinal() -> InvariantViolation? {
    let events = timeline.events
    for (index, final) in events.enumerated() where final.kind == "analyzer.result" && final["final"] == "true" {
      let text = final["text"] ?? ""
      guard !Self.words(text).isEmpty, let end = Double(final["end"] ?? "") else { continue }
      // The final is consumed when the committed text next changes; look at that state.
      var committedBefore: String?
      for event in events[..<index].reversed() where event.kind == .uiState {
        committedBefore = event["committed"]
        break
      }
      guard let consumedIndex = events[(index + 1)...].firstIndex(where: { $0.kind == .uiState && $0["committed"] != committedBefore }) else { continue }
      let consumed = events[consumedIndex]
      let volatile = consumed["volatile"] ?? ""
      guard !Self.words(volatile).isEmpty else { continue }
      // Still fine: the guess of a later range, published before the state was shown.
      let laterGuesses = events[..<consumedIndex].filter {
        $0.kind == "analyzer.result" && $0["final"] == "false" && (Double($0["start"] ?? "") ?? -1) >= end - 0.0005
      }.map { Self.words($0["text"] ?? "") }
      guard !laterGuesses.contains(Self.words(volatile)) else { continue }
      return InvariantViolation(
        .volatileClearedWhenFinal, at: consumed.time,
        "after the final \(Self.quoted(text)) for \(final["start"] ?? "?")–\(final["end"] ?? "?") s was committed, the UI still showed the volatile \(Self.quoted(volatile)) for that range")
    }
    return nil
  }

  func nothingLostAtStop() -> InvariantViolation? {
    let events = timeline.events
    var lastState: TraceEvent?
    for (index, event) in events.enumerated() {
      if event.kind == .uiState { lastState = event }
      guard event.kind == .scenarioStep, event["step"] == "stop", let before = lastState else { continue }
      let pending = Self.words(before["volatile"] ?? "")
      guard !pending.isEmpty else { continue }
      guard let returned = events[(index + 1)...].firstIndex(where: { $0.kind == .subjectReturned && $0["call"] == "stop" }) else { continue }
      // What the user is left with: the last state before the next step (or the end).
      let next = events[(returned + 1)...].firstIndex { $0.kind == .scenarioStep } ?? events.endIndex
      guard let after = events[..<next].last(where: { $0.kind == .uiState }) else { continue }
      let committedBefore = before["committed"] ?? "", committedAfter = after["committed"] ?? ""
      let added = Self.words(committedAfter.hasPrefix(committedBefore) ? String(committedAfter.dropFirst(committedBefore.count)) : committedAfter)
      guard !Self.isSubsequence(pending, of: added) else { continue }
      return InvariantViolation(
        .nothingLostAtStop, at: after.time,
        "the user tapped stop while \(Self.quoted(before["volatile"] ?? "")) showed as volatile, and was left with committed \(Self.quoted(committedAfter)) and volatile \(Self.quoted(after["volatile"] ?? "")): the last words were lost")
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
