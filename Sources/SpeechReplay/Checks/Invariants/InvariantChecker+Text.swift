import SimulatedDevice
import Simulation
import SpeechTwin

extension InvariantChecker {
  func committedAppendOnly() -> InvariantViolation? {
    var previous: String?
    var newSession = false
    for event in timeline.events.only([ScenarioStepEvent.kind, UIStateEvent.kind]) {
      if ScenarioStepEvent(event)?.isStart == true { newSession = true }
      guard let committed = UIStateEvent(event)?.committed else { continue }
      defer { previous = committed }
      guard let before = previous, !committed.hasPrefix(before) else { continue }
      // A new session may start from empty text; anything else rewrote what the user had read.
      if newSession && committed.isEmpty {
        newSession = false
        continue
      }
      return InvariantViolation(
        .committedAppendOnly, at: event.time,
        "the committed text changed from \(Self.quoted(before)) to \(Self.quoted(committed)); words the user had read as final were rewritten or removed"
      )
    }
    return nil
  }

  func noStutter() -> InvariantViolation? {
    // Every volatile guess the model published so far: with publication latency the reader may show
    // one after a newer result (even a final) was published (found by `speech-replay explore`).
    var modelGuesses: Set<[String]> = []
    var latestGuess: [String] = []
    for event in timeline.events.only([AnalyzerResultEvent.kind, UIStateEvent.kind]) {
      if let result = AnalyzerResultEvent(event) {
        if !result.isFinal {
          latestGuess = Self.words(result.text)
          modelGuesses.insert(latestGuess)
        }
        continue
      }
      guard let state = UIStateEvent(event) else { continue }
      let volatile = Self.words(state.volatile)
      guard !volatile.isEmpty else { continue }
      // The latest guess after words that are themselves a guess of the model's: guesses appended.
      if !latestGuess.isEmpty, volatile.count > latestGuess.count,
        volatile.suffix(latestGuess.count) == latestGuess[...],
        !modelGuesses.contains(volatile),
        modelGuesses.contains(where: { !$0.isEmpty && $0.count < volatile.count && volatile.starts(with: $0) })
      {
        return InvariantViolation(
          .noStutter, at: event.time,
          "the user saw volatile \(Self.quoted(state.volatile)) while the model's latest guess was \(Self.quoted(latestGuess.joined(separator: " "))): the volatile text is the model's guesses one after the other, each repeating the one before",
          pointingAt:
            "the stutter trap: volatile results are appended to the volatile text; each volatile result replaces it (`volatile = result.text`)"
        )
      }
      // Only the committed words the volatile text could repeat are read (at least two, to tell
      // one committed word from more), so a long committed text is not split at every state.
      let tail = Self.lastWords(state.committed, atMost: max(volatile.count, 2))
      guard !tail.isEmpty else { continue }
      let overlap = Self.overlap(of: tail.suffix(min(tail.count, volatile.count)), with: volatile)
      // One repeated word is ordinary speech ("… to the" then "the …") unless it is all that was committed.
      guard overlap >= 2 || (overlap == 1 && tail.count == 1) else { continue }
      // Showing exactly the model's latest guess is right even when the model repeats itself (a
      // script whose utterance spans a stop); the trap is text the stack added to that guess.
      guard !modelGuesses.contains(volatile) else { continue }
      return InvariantViolation(
        .noStutter, at: event.time,
        "the user saw committed \(Self.quoted(state.committed)) followed by volatile \(Self.quoted(state.volatile)): the volatile text repeats the last \(overlap) committed word\(overlap == 1 ? "" : "s")"
      )
    }
    return nil
  }

  /// The length of the longest suffix of `tail` that is a prefix of `words`, in one pass over each
  /// (Knuth–Morris–Pratt: the prefix function of `words`, then `tail` run through it).
  package static func overlap(of tail: ArraySlice<String>, with words: [String]) -> Int {
    guard !tail.isEmpty, !words.isEmpty else { return 0 }
    var border = Array(repeating: 0, count: words.count)
    var length = 0
    for index in words.indices.dropFirst() {
      while length > 0 && words[index] != words[length] { length = border[length - 1] }
      if words[index] == words[length] { length += 1 }
      border[index] = length
    }
    var matched = 0
    for word in tail {
      if matched == words.count { matched = border[matched - 1] }
      while matched > 0 && word != words[matched] { matched = border[matched - 1] }
      if word == words[matched] { matched += 1 }
    }
    return matched
  }

  func volatileClearedWhenFinal() -> InvariantViolation? {
    let events = timeline.events
    // Parsed once: the UI states and the results, each with its position in the timeline.
    var states: [(index: Int, state: UIStateEvent)] = [], results: [(index: Int, result: AnalyzerResultEvent)] = []
    for (index, event) in events.enumerated() {
      if let state = UIStateEvent(event) {
        states.append((index, state))
      } else if let result = AnalyzerResultEvent(event) {
        results.append((index, result))
      }
    }
    // For each state, the next one whose committed text differs (one pass from the end).
    var nextChange = Array(repeating: states.count, count: states.count)
    for position in stride(from: states.count - 2, through: 0, by: -1) {
      nextChange[position] =
        states[position + 1].state.committed != states[position].state.committed
        ? position + 1 : nextChange[position + 1]
    }
    // Non-final guesses seen before the state being checked: the latest start of each guess's
    // words (a missing start counts as -1). The consumed state only moves forward from one final
    // to the next, so the guesses are gathered in one sweep.
    var latestGuessStart: [[String]: Double] = [:]
    var gathered = 0, statesBefore = 0
    for (index, final) in results where final.isFinal {
      while statesBefore < states.count && states[statesBefore].index < index { statesBefore += 1 }
      let text = final.text
      guard !Self.words(text).isEmpty, final.end.isNumeric else { continue }
      let end = final.end.seconds
      // The final is consumed when the committed text next changes; look at that state.
      let committedBefore = statesBefore > 0 ? states[statesBefore - 1].state.committed : nil
      guard statesBefore < states.count else { continue }
      let consumedPosition =
        committedBefore == nil || states[statesBefore].state.committed != committedBefore
        ? statesBefore : nextChange[statesBefore]
      guard consumedPosition < states.count else { continue }
      let (consumedIndex, consumed) = states[consumedPosition]
      let volatile = consumed.volatile
      let shown = Self.words(volatile)
      guard !shown.isEmpty else { continue }
      // Still fine: the guess of a later range, published before the state was shown.
      while gathered < results.count && results[gathered].index < consumedIndex {
        let guess = results[gathered].result
        gathered += 1
        guard !guess.isFinal else { continue }
        let start = guess.start.isNumeric ? guess.start.seconds : -1
        let words = Self.words(guess.text)
        latestGuessStart[words] = max(start, latestGuessStart[words] ?? -.infinity)
      }
      guard (latestGuessStart[shown] ?? -.infinity) < end - 0.0005 else { continue }
      return InvariantViolation(
        .volatileClearedWhenFinal, at: events[consumedIndex].time,
        "after the final \(Self.quoted(text)) for \(final.start.millisecondsText)–\(final.end.millisecondsText) s was committed, the UI still showed the volatile \(Self.quoted(volatile)) for that range"
      )
    }
    return nil
  }

  func nothingLostAtStop() -> InvariantViolation? {
    let events = timeline.events
    let positions = StopPositions(events)
    var lastState: UIStateEvent?
    for (index, event) in events.enumerated() {
      if let state = UIStateEvent(event) { lastState = state }
      guard ScenarioStepEvent(event)?.isStop == true, let before = lastState else { continue }
      let pending = Self.words(before.volatile)
      guard !pending.isEmpty else { continue }
      // A stop outside a session (after a failure left a guess on screen) has nothing to finalize.
      guard ["listening", "preparing", "stopping"].contains(where: { before.phase.hasPrefix($0) }) else { continue }
      guard let afterPosition = positions.settledState(afterStopAt: index, in: events) else { continue }
      let afterIndex = positions.stateIndices[afterPosition], after = positions.states[afterPosition]
      let committedBefore = before.committed, committedAfter = after.committed
      let added = Self.words(
        committedAfter.hasPrefix(committedBefore)
          ? String(committedAfter.dropFirst(committedBefore.count)) : committedAfter)
      // A model that fails while finalizing cannot commit: words still on screen under a failure the
      // user is shown are not lost (found by `speech-replay explore`: a model error during a stop).
      let kept = after.phase.hasPrefix("failed") ? added + Self.words(after.volatile) : added
      guard !Self.isSubsequence(pending, of: kept) else { continue }
      // Finalizing may correct a misheard guess ("uh" becomes "Hello."): as many words kept as were
      // pending is not a loss (found by `speech-replay explore` with a rewritten first word).
      guard kept.count < pending.count else { continue }
      let window = events[index...max(index, afterIndex)]
      guard !Self.modelDroppedGuess(in: window, committed: added) else { continue }
      let seen =
        "the user tapped stop while \(Self.quoted(before.volatile)) showed as volatile, and was left with committed \(Self.quoted(committedAfter)), volatile \(Self.quoted(after.volatile)) and phase \(after.phase)"
      // A final dropped unread may reach its ended results sequence after the state the user was
      // left with (under `device.resultDelivery: afterFinalizeReturns`, 20 ms after finalize returned).
      let unread = events[index...].compactMap(AnalyzerUnreadResultEvent.init).map(\.text)
      return Self.stopLoss(
        seen, in: window, unread: unread, guessShown: !Self.words(after.volatile).isEmpty, at: events[afterIndex].time)
    }
    return nil
  }

  /// Positions of what ``nothingLostAtStop()`` looks up after each stop, in order, searched by bisection.
  private struct StopPositions {
    var returnedStops: [Int] = [], steps: [Int] = [], stateIndices: [Int] = []
    var states: [UIStateEvent] = []

    init(_ events: TraceLog) {
      for (index, event) in events.enumerated() {
        if event.kind == ScenarioStepEvent.kind { steps.append(index) }
        if let state = UIStateEvent(event) {
          stateIndices.append(index)
          states.append(state)
        } else if SubjectReturnedEvent(event)?.call == .stop {
          returnedStops.append(index)
        }
      }
    }

    /// The position in ``states`` of what the user is left with after the stop step at `index`:
    /// the last state before the next step (or the end), once a stop under way settles; nil when
    /// the stop never returned or the run ends still stopping.
    func settledState(afterStopAt index: Int, in events: TraceLog) -> Int? {
      let returnedPosition = returnedStops.partitioningIndex { $0 > index }
      guard returnedPosition < returnedStops.count else { return nil }
      let returned = returnedStops[returnedPosition]
      let nextPosition = steps.partitioningIndex { $0 > returned }
      let next = nextPosition < steps.count ? steps[nextPosition] : events.endIndex
      var afterPosition = stateIndices.partitioningIndex { $0 >= next } - 1
      guard afterPosition >= 0, stateIndices[afterPosition] >= index else { return nil }
      // Still stopping when the user tapped again (a stop of its own was under way, an interruption
      // that ended without resuming, say): judged once the stop settles (found by `speech-replay explore`).
      // Not past a dismissal: the states after it are another screen's.
      let dismissal =
        events[returned...].firstIndex { ScenarioStepEvent($0)?.step == "dismiss" } ?? events.endIndex
      while states[afterPosition].phase.hasPrefix("stopping"), afterPosition + 1 < states.count,
        stateIndices[afterPosition + 1] < dismissal
      {
        afterPosition += 1
      }
      // A run that ends while the stack is still stopping shows no outcome to judge.
      return states[afterPosition].phase.hasPrefix("stopping") ? nil : afterPosition
    }
  }

  /// Whether the model, not the stack, dropped the guess between a stop and the state the user was
  /// left with (`window`), given the words the stack `committed` after the stop.
  private static func modelDroppedGuess(in window: Slice<TraceLog>, committed added: [String]) -> Bool {
    // The stack finalized and committed every word the model's finals gave after the stop: the
    // model itself dropped the guess (it heard silence once the permission was denied, say), so
    // nothing was lost by the stack (found by `speech-replay explore`: a final "" after a guess).
    if window.contains(where: { $0.kind == .analyzerFinalize }) {
      let finalWords = window.compactMap(AnalyzerResultEvent.init).filter(\.isFinal).flatMap { words($0.text) }
      if isSubsequence(finalWords, of: added) { return true }
    }
    // The model withdrew the guess itself after the stop (an empty volatile result) and gave no
    // final with words: the guess is gone by the model's doing, not lost by the stack (found by
    // `speech-replay explore`: a slow model's withdrawal of "uh" arriving just before it failed).
    let results = window.compactMap(AnalyzerResultEvent.init)
    if let last = results.last(where: { !$0.isFinal }), last.text.isEmpty,
      !results.contains(where: { $0.isFinal && !$0.text.isEmpty })
    {
      return true
    }
    return false
  }

  /// The `nothing-lost-at-stop` break for what the user saw (`seen`), told by what the analyzer did
  /// between the stop and the state the user was left with: the trap is named only when the
  /// evidence supports it.
  /// `unread` are the texts of finals that reached a results sequence nobody read any more
  /// (`analyzer.result.unread`) after the stop.
  /// `guessShown` says whether the user was left with a guess on screen.
  static func stopLoss(
    _ seen: String, in events: Slice<TraceLog>, unread: [String] = [], guessShown: Bool = false, at time: Duration
  ) -> InvariantViolation {
    let finalized = events.contains { $0.kind == .analyzerFinalize }
    let failure = events.lazy.filter { $0.kind == .analyzerFinish }.compactMap { $0.fields.value("error") }.first {
      $0 != "none"
    }
    let finals = events.lazy.compactMap(AnalyzerResultEvent.init).filter { $0.isFinal && !words($0.text).isEmpty }
      .map(\.text)
    if let failure {
      return InvariantViolation(
        .nothingLostAtStop, at: time,
        "\(seen): the model failed while the session finished (\(failure)), so no final could commit the words; the stack ended without saying so, \(guessShown ? "with the guess still on screen" : "and cleared the guess")",
        pointingAt:
          "a failure at the stop that the stack hides: when finalizing throws, show the failure (phase failed, the guess kept as volatile) instead of ending idle as if the words had been committed"
      )
    }
    if finalized, let final = finals.first {
      let dropped =
        unread.contains(final)
        ? " — it was still queued in the results stream when finalize…() returned, and the stack's results sequence had ended (its task cancelled) before the final reached it, so it was dropped unread"
        : ""
      return InvariantViolation(
        .nothingLostAtStop, at: time,
        "\(seen): the stack finalized and the model published the final \(quoted(final)), but it never reached the committed text\(dropped)",
        pointingAt:
          "the stack stops reading results too early: finalized results may still be queued when finalize…() returns; read the results sequence to its end before cancelling its task"
      )
    }
    if finalized {
      return InvariantViolation(
        .nothingLostAtStop, at: time,
        "\(seen): the stack finalized, but no final was published for the words before the session ended",
        pointingAt: nil)
    }
    return InvariantViolation(.nothingLostAtStop, at: time, "\(seen): the last words were lost")
  }

  /// Whether `words` appear in `text` in order (other words may come between).
  static func isSubsequence(_ words: [String], of text: [String]) -> Bool {
    var remaining = words[...]
    for word in text where remaining.first == word { remaining = remaining.dropFirst() }
    return remaining.isEmpty
  }
}
