/// The overview `speech-replay capture info` prints: device, formats, duration, buffers, results,
/// actions, gaps and damage.
public struct CaptureSummary: Sendable, Hashable, CustomStringConvertible {
  /// The device facts.
  public var header: CaptureHeader
  /// The schema version of the file.
  public var schemaVersion: Int
  /// Hardware formats with the seconds of audio in each, in order of first use.
  public var formats: [(format: CaptureFormat, seconds: Double)]
  /// The analyzer formats the app recorded.
  public var analyzerFormats: [CaptureFormat?]
  /// Seconds of audio covered.
  public var duration: Double
  /// Tap buffers.
  public var buffers: Int
  /// Results, and how many were final.
  public var results: Int
  public var finalResults: Int
  /// User actions, in order.
  public var actions: [CaptureAction]
  /// UI states recorded.
  public var uiStates: Int
  /// Every event, counted by kind name.
  public var eventCounts: [String: Int]
  /// What is wrong with the capture.
  public var damage: CaptureDamage

  init(_ file: CaptureFile) {
    header = file.header
    schemaVersion = file.schemaVersion
    formats = file.formats.map { ($0, Double(file.framesPerFormat[$0] ?? 0) / max(1, $0.sampleRate)) }
    analyzerFormats = file.analyzerFormats
    duration = file.duration
    buffers = file.bufferCount
    let results = file.results
    self.results = results.count
    finalResults = results.filter(\.isFinal).count
    actions = file.actions
    uiStates = file.uiStates.count
    eventCounts = file.events.reduce(into: [:]) { $0[$1.kind.name, default: 0] += 1 }
    damage = file.damage
  }

  public static func == (lhs: CaptureSummary, rhs: CaptureSummary) -> Bool { lhs.description == rhs.description }
  public func hash(into hasher: inout Hasher) { hasher.combine(description) }

  /// Several lines, one fact each.
  public var description: String {
    func seconds(_ value: Double) -> String { "\(value.formatted(.number.precision(.fractionLength(3)))) s" }
    var lines = [
      "device: \(header.deviceModel), \(header.osVersion); app \(header.appVersion); locale \(header.locale)",
      "schema: version \(schemaVersion)",
      "duration: \(seconds(duration))",
      "buffers: \(buffers)",
    ]
    if formats.isEmpty { lines.append("formats: none (no audio recorded)") }
    for (format, length) in formats { lines.append("format: \(format) (\(seconds(length)))") }
    for format in analyzerFormats { lines.append("analyzer format: \(format.map(\.description) ?? "none")") }
    lines.append("results: \(results) (\(finalResults) final, \(results - finalResults) volatile)")
    lines.append("actions: \(actions.isEmpty ? "none" : actions.map(\.description).joined(separator: ", "))")
    lines.append("ui states: \(uiStates)")
    let others = eventCounts.filter { !["result", "action", "uiState"].contains($0.key) }.sorted { $0.key < $1.key }
    if !others.isEmpty {
      lines.append("other events: " + others.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    }
    lines.append("gaps: \(damage.gaps.isEmpty ? "none" : damage.gaps.map(\.description).joined(separator: "; "))")
    lines.append("damage: \(damage)")
    return lines.joined(separator: "\n")
  }
}
