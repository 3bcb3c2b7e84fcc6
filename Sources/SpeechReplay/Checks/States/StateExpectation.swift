/// What a UI state must show; fields left nil are not checked. Each field keeps its place in the
/// scenario file so a failure points at the line that expected it.
package struct StateExpectation: Sendable, Hashable {
  /// One expected value and where it is written.
  package struct Field<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The expected value.
    package var value: Value
    /// Where it is written.
    package var location: SourceLocation

    /// Creates a field.
    package init(_ value: Value, at location: SourceLocation) {
      self.value = value
      self.location = location
    }
  }

  /// The committed text, exactly.
  package var committed: Field<String>?
  /// The volatile text, exactly.
  package var volatile: Field<String>?
  /// The phases allowed, as ``UIState/Phase/description`` writes them (one, or several where any
  /// correct stack may show either); `preparing` matches any progress and `failed` any message.
  package var phase: Field<[String]>?
  /// Whether the microphone control is offered.
  package var microphoneOffered: Field<Bool>?

  /// Creates an expectation.
  package init(
    committed: Field<String>? = nil, volatile: Field<String>? = nil, phase: Field<[String]>? = nil,
    microphoneOffered: Field<Bool>? = nil
  ) {
    self.committed = committed
    self.volatile = volatile
    self.phase = phase
    self.microphoneOffered = microphoneOffered
  }

  /// The mismatches between this expectation and `state`, one failure per field.
  /// - Parameters:
  ///   - state: What the UI showed.
  ///   - context: `at the end`, `at snapshot 'x'`.
  ///   - check: The check reporting them (`state.final`, `state.snapshot`).
  ///   - virtualTime: Virtual seconds at which the state was taken.
  ///   - audioTime: Seconds of the recording heard by then.
  /// - Returns: Failures located at the expected field.
  package func failures(
    against state: UIState, context: String, check: CheckID, virtualTime: Double?, audioTime: Double?
  ) -> [ScenarioFailure] {
    func failure(_ message: String, at location: SourceLocation) -> ScenarioFailure {
      ScenarioFailure(message, check: check, at: location, virtualTime: virtualTime, audioTime: audioTime)
    }
    var failures: [ScenarioFailure] = []
    if let committed, committed.value != state.committed {
      failures.append(
        failure(
          "committed text \(context) is \(quoted(state.committed)), expected \(quoted(committed.value))",
          at: committed.location))
    }
    if let volatile, volatile.value != state.volatile {
      failures.append(
        failure(
          "volatile text \(context) is \(quoted(state.volatile)), expected \(quoted(volatile.value))",
          at: volatile.location))
    }
    if let phase, !phase.value.contains(where: { Self.phase(state.phase.description, matches: $0) }) {
      let expected = phase.value.map { "'\($0)'" }.joined(separator: " or ")
      failures.append(failure("phase \(context) is '\(state.phase)', expected \(expected)", at: phase.location))
    }
    if let microphoneOffered, microphoneOffered.value != state.microphoneOffered {
      failures.append(
        failure(
          "the microphone control \(context) is \(state.microphoneOffered ? "offered" : "hidden"), expected \(microphoneOffered.value ? "offered" : "hidden")",
          at: microphoneOffered.location))
    }
    return failures
  }

  /// Whether a phase text matches an expected one: equal, or the expected one without its detail
  /// (`preparing` for `preparing 40%`, `failed` for `failed: no network`).
  static func phase(_ actual: String, matches expected: String) -> Bool {
    guard actual != expected else { return true }
    let isBareWord = !expected.contains(" ") && !expected.contains(":")
    return isBareWord && (actual.hasPrefix(expected + " ") || actual.hasPrefix(expected + ":"))
  }

  private func quoted(_ text: String) -> String { "\"\(text)\"" }
}
