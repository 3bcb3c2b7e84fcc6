import SpeechReplay

/// One scenario result as stored in the history: status, seed, times, trace hash and figures,
/// each figure with its kind.
package struct HistoryResult: Sendable, Hashable {
  /// The scenario's name (the key results are matched by across runs).
  package var name: String
  /// The scenario file.
  package var file: String
  /// How it ended.
  package var status: ScenarioResult.Status
  /// The seed it ran with.
  package var seed: UInt64
  /// Wall-clock seconds it took.
  package var wallSeconds: Double
  /// Virtual seconds it covered.
  package var virtualSeconds: Double
  /// The hash of its event trace.
  package var traceHash: String
  /// Its figures by name, with their kind.
  package var figures: [String: Figure]
  /// The subject it ran against, when its run had several; nil otherwise.
  package var subject: String?
  /// The scenario file's fingerprint (a content hash) when the run recorded one.
  package var fileHash: String?
  /// The fingerprint of the audio the scenario plays (its `audio:` file) when the run recorded one.
  package var audioHash: String?
  /// The scenario's own `expect.tolerances` when it ran: figure (or pattern) → tolerance as written.
  package var tolerances: [String: String] = [:]

  /// The identity `compare` matches results by across runs: the file, and the subject when the
  /// run had several, so two subjects' results of one file are never compared with each other.
  package var key: String { subject.map { "\($0): \(file)" } ?? file }

  /// A stored figure: value and kind.
  package struct Figure: Sendable, Hashable {
    /// The value.
    package var value: Double
    /// Virtual (exact) or wall (noisy).
    package var kind: SpeechReplay.Figure.Clock

    /// Creates a figure.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - kind: Its kind.
    package init(value: Double, kind: SpeechReplay.Figure.Clock) {
      self.value = value
      self.kind = kind
    }
  }

  /// Creates a stored result.
  ///
  /// - Parameters:
  ///   - name: The scenario's name.
  ///   - file: The scenario file.
  ///   - status: How it ended.
  ///   - seed: The seed it ran with.
  ///   - wallSeconds: Wall-clock seconds.
  ///   - virtualSeconds: Virtual seconds.
  ///   - traceHash: The trace hash.
  ///   - figures: Its figures with their kinds.
  ///   - subject: The subject, when its run had several.
  package init(
    name: String, file: String, status: ScenarioResult.Status, seed: UInt64, wallSeconds: Double,
    virtualSeconds: Double,
    traceHash: String, figures: [String: Figure], subject: String? = nil
  ) {
    self.name = name
    self.file = file
    self.status = status
    self.seed = seed
    self.wallSeconds = wallSeconds
    self.virtualSeconds = virtualSeconds
    self.traceHash = traceHash
    self.figures = figures
    self.subject = subject
  }

  /// The stored form of a scenario result: its figures with their clocks, plus `wallSeconds` as a
  /// wall figure.
  ///
  /// - Parameter result: The result as the runner reported it.
  package init(_ result: ScenarioResult) {
    var figures = Dictionary(
      uniqueKeysWithValues: result.figures.map { ($0.name, Figure(value: $0.value, kind: $0.clock)) })
    figures["wallSeconds"] = Figure(value: result.wallSeconds, kind: .wall)
    self.init(
      name: result.name, file: result.file, status: result.status, seed: result.seed, wallSeconds: result.wallSeconds,
      virtualSeconds: result.virtualSeconds, traceHash: result.traceHash, figures: figures, subject: result.subject)
    tolerances = result.tolerances ?? [:]
  }
}
