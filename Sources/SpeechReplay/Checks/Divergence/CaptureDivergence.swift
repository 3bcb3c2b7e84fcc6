import Foundation

/// Where a replay of a capture first differs from what the device showed: the audio time, the
/// field (`committed` or `volatile`), and both texts.
public struct CaptureDivergence: Sendable, Hashable, CustomStringConvertible {
  /// Seconds of audio heard when the differing state was shown.
  public var audioTime: Double
  /// Virtual seconds at which the replay showed its side of the difference (nil: it never got that far).
  public var virtualTime: Double?
  /// The field that differs: `committed` or `volatile`.
  public var field: String
  /// What the device showed (nil: it never got that far).
  public var device: String?
  /// What the replay shows (nil: it never got that far).
  public var replay: String?

  /// `at 3.214 s the device showed committed 'X'; the replay shows 'Y'`.
  public var description: String {
    let time = String(format: "%.3f s", audioTime)
    switch (device, replay) {
    case (let device?, let replay?):
      return "at \(time) the device showed \(field) '\(device)'; the replay shows '\(replay)'"
    case (let device?, nil):
      return
        "at \(time) the device showed \(field) '\(device)'; the replay never shows it (its UI stopped changing before)"
    case (nil, let replay?):
      return
        "at \(time) the replay shows \(field) '\(replay)'; the device never showed it (its UI stopped changing before)"
    case (nil, nil): return "at \(time) the UIs differ in \(field)"
    }
  }

  /// The first place the replay's UI text differs from the device's, comparing the sequences of
  /// distinct (committed, volatile) pairs each showed; nil when they agree. Phase and microphone are
  /// in the app's own words on a device, so they are not compared.
  /// - Parameters:
  ///   - observed: What the device showed (`observed.timeline`).
  ///   - timeline: The replay's timeline.
  /// - Returns: The first divergence, or nil.
  public static func first(observed: [Scenario.Observed.State], timeline: Timeline) -> CaptureDivergence? {
    struct Shown: Equatable {
      var committed: String
      var volatile: String
      var time: Double
      var virtualTime: Double?
      static func == (a: Shown, b: Shown) -> Bool { a.committed == b.committed && a.volatile == b.volatile }
    }
    func distinct(_ states: [Shown]) -> [Shown] {
      var out: [Shown] = []
      for state in states where out.last != state { out.append(state) }
      return out
    }
    let device = distinct(observed.map { Shown(committed: $0.committed, volatile: $0.volatile, time: $0.audioTime) })
    let replay = distinct(
      timeline.events(UIStateEvent.self).map { shown in
        Shown(
          committed: shown.event.committed, volatile: shown.event.volatile,
          time: DurationText.seconds(shown.event.audio),
          virtualTime: DurationText.seconds(shown.time))
      })
    for index in 0..<max(device.count, replay.count) {
      let seen = index < device.count ? device[index] : nil
      let shown = index < replay.count ? replay[index] : nil
      if let seen, let shown, seen == shown { continue }
      let field = seen != nil && shown != nil && seen?.committed == shown?.committed ? "volatile" : "committed"
      func value(_ state: Shown?) -> String? { state.map { field == "committed" ? $0.committed : $0.volatile } }
      return CaptureDivergence(
        audioTime: (seen ?? shown)!.time, virtualTime: shown?.virtualTime ?? replay.last?.virtualTime, field: field,
        device: value(seen), replay: value(shown))
    }
    return nil
  }
}
