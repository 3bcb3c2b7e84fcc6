import Simulation
import SpeechReplay

/// Which events `explain` prints: `--kinds`, `--from`, `--to`, `--grep` and `--around-failure`.
///
/// Every condition given must hold. A kind name matches a kind when it is the kind
/// (`analyzer.result`), a leading part of it (`analyzer` for every `analyzer.*`, `ui` for `ui.state`)
/// or its last part (`result` for `analyzer.result`, `buffer` for `engine.buffer`).
struct ExplainFilter: Sendable, Hashable {
  /// Kind names (`--kinds ui,result`); empty for every kind.
  var kinds: [String] = []
  /// The first virtual second shown (`--from 2s`).
  var from: Double?
  /// The last virtual second shown (`--to 4s`).
  var to: Double?
  /// Text the event's canonical line must contain, ignoring case (`--grep TEXT`).
  var grep: String?
  /// How far around the first failure's time events are shown (`--around-failure`); `nil` when not asked.
  var aroundFailure: Double?

  /// How far around the first failure `--around-failure` looks, in virtual seconds either side.
  static let failureNeighbourhood = 1.0

  /// Whether any condition is set.
  var isActive: Bool { !kinds.isEmpty || from != nil || to != nil || grep != nil || aroundFailure != nil }

  /// Whether a kind name matches `kind`.
  ///
  /// - Parameters:
  ///   - name: A name from `--kinds`.
  ///   - kind: An event's kind.
  /// - Returns: `true` when the name is the kind, a leading part of it or its last part.
  static func matches(_ name: String, _ kind: TraceEvent.Kind) -> Bool {
    let raw = kind.rawValue
    return raw == name || raw.hasPrefix(name + ".") || raw.hasSuffix("." + name)
  }

  /// The `--kinds` names that match none of `timeline`'s events, with the kinds it has: a typo
  /// (`--kinds reslt`) would otherwise print an empty timeline that reads as "nothing happened".
  ///
  /// - Parameter timeline: The run's timeline.
  /// - Returns: A line naming the unmatched names and the run's kinds; nil when every name matches.
  func unmatchedKinds(in timeline: Timeline) -> String? {
    let present = Set(timeline.events.map(\.kind))
    let unmatched = kinds.filter { name in !present.contains { Self.matches(name, $0) } }
    guard !unmatched.isEmpty else { return nil }
    let names = unmatched.map { "'\(ConsoleText.value($0))'" }.joined(separator: ", ")
    let known = present.map(\.rawValue).sorted().joined(separator: ", ")
    return "--kinds \(names) matches no event of this run; its kinds: \(known.isEmpty ? "none" : known)"
  }

  /// The events to print.
  ///
  /// - Parameters:
  ///   - timeline: The run's timeline.
  ///   - failureTime: The first failure's virtual time, for `--around-failure`.
  /// - Returns: The events that pass every condition, in order.
  func apply(to timeline: Timeline, failureTime: Double?) -> [TraceEvent] {
    let needle = grep?.lowercased()
    return timeline.events.filter { event in
      let time = event.time.seconds
      if !kinds.isEmpty, !kinds.contains(where: { Self.matches($0, event.kind) }) { return false }
      if let from, time < from - 1e-9 { return false }
      if let to, time > to + 1e-9 { return false }
      if let aroundFailure {
        guard let failureTime, abs(time - failureTime) <= aroundFailure + 1e-9 else { return false }
      }
      if let needle, !event.canonicalLine.lowercased().contains(needle) { return false }
      return true
    }
  }

  /// `2`, `2s`, `2.5s` or `500ms` as seconds.
  ///
  /// - Parameters:
  ///   - text: The option's value.
  ///   - option: The option's name, for the error.
  /// - Returns: Seconds.
  /// - Throws: A message naming the option when the text is not a time.
  static func seconds(_ text: String, option: String) throws(ExplainFilterError) -> Double {
    guard let duration = DurationText.parse(text) else {
      throw ExplainFilterError(
        message: "\(option) '\(text)' is not a time; write virtual seconds like 2, 2.5s or 500ms")
    }
    return duration.seconds
  }
}
