import Foundation

/// First divergence: a scenario imported from a capture compares the UI its replay showed with the
/// UI the device showed (`observed.timeline`).
extension ScenarioRunner {
  /// Where a replay first differs from what the device showed.
  public struct Divergence: Sendable, Hashable, CustomStringConvertible {
    /// Seconds of audio heard when the differing state was shown.
    public var audioTime: Double
    /// The field that differs: `committed` or `volatile`.
    public var field: String
    /// What the device showed and what the replay shows (nil: it never got that far).
    public var device: String?
    public var replay: String?

    /// `at 3.214 s the device showed committed 'X'; the replay shows 'Y'`.
    public var description: String {
      let time = String(format: "%.3f s", audioTime)
      switch (device, replay) {
      case (let device?, let replay?): return "at \(time) the device showed \(field) '\(device)'; the replay shows '\(replay)'"
      case (let device?, nil): return "at \(time) the device showed \(field) '\(device)'; the replay never shows it (its UI stopped changing before)"
      case (nil, let replay?): return "at \(time) the replay shows \(field) '\(replay)'; the device never showed it (its UI stopped changing before)"
      case (nil, nil): return "at \(time) the UIs differ in \(field)"
      }
    }
  }

  /// The first place the replay's UI text differs from the device's, comparing the sequences of
  /// distinct (committed, volatile) pairs each showed; nil when they agree. Phase and microphone are
  /// in the app's own words on a device, so they are not compared.
  public static func firstDivergence(observed: [Scenario.Observed.State], timeline: Timeline) -> Divergence? {
    struct Shown: Equatable {
      var committed: String
      var volatile: String
      var time: Double
      static func == (a: Shown, b: Shown) -> Bool { a.committed == b.committed && a.volatile == b.volatile }
    }
    func distinct(_ states: [Shown]) -> [Shown] {
      var out: [Shown] = []
      for state in states where out.last != state { out.append(state) }
      return out
    }
    let device = distinct(observed.map { Shown(committed: $0.committed, volatile: $0.volatile, time: $0.audioTime) })
    let replay = distinct(
      timeline.events(of: .uiState).map { event in
        Shown(committed: event["committed"] ?? "", volatile: event["volatile"] ?? "", time: Double((event["audio"] ?? "0").dropLast()) ?? 0)
      })
    for index in 0..<max(device.count, replay.count) {
      let seen = index < device.count ? device[index] : nil
      let shown = index < replay.count ? replay[index] : nil
      if let seen, let shown, seen == shown { continue }
      let field = seen != nil && shown != nil && seen?.committed == shown?.committed ? "volatile" : "committed"
      func value(_ state: Shown?) -> String? { state.map { field == "committed" ? $0.committed : $0.volatile } }
      return Divergence(audioTime: (seen ?? shown)!.time, field: field, device: value(seen), replay: value(shown))
    }
    return nil
  }

  /// The failure of an imported scenario whose replay differs from the device (or, with
  /// `divergence: expected`, does not).
  static func divergenceFailures(_ scenario: Scenario, timeline: Timeline) -> [ScenarioFailure] {
    guard let observed = scenario.observed else { return [] }
    let divergence = firstDivergence(observed: observed.states, timeline: timeline)
    switch (divergence, observed.divergenceExpected) {
    case (let divergence?, false):
      return [
        ScenarioFailure(
          "the replay differs from the device: \(divergence); if the difference is the fix, set observed.divergence: expected",
          at: observed.location)
      ]
    case (nil, true):
      return [
        ScenarioFailure(
          "the replay shows exactly what the device showed, but observed.divergence is expected (the bug should be fixed); the bug is back, or set divergence: none",
          at: observed.location)
      ]
    default: return []
    }
  }
}
