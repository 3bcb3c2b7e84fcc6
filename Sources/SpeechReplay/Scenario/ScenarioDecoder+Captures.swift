import AudioPCM
import Foundation
import SimulatedDevice

/// The keys of scenarios imported from captures, `device.microphone.tapSchedule` and `observed`:
/// each names a side file whose reader and writer are one type (``TapScheduleTable``,
/// ``ObservedTimelineTable``).
extension ScenarioDecoder {
  /// `tapSchedule: taps.tsv`, read by ``TapScheduleTable``.
  func tapSchedule(_ node: ScenarioNode) throws(ScenarioError) -> [Microphone.TapScheduleEntry] {
    let path = resolve(try node.nonEmptyString())
    let text = try boundedText(
      path, at: node, what: "the tap schedule", limit: ScenarioFileBounds.tableBytes,
      advice: "give a .tsv path relative to the scenario file")
    return try TapScheduleTable.entries(in: text, path: path, at: node)
  }

  /// `observed: { timeline: timeline.tsv, divergence: none | expected }`.
  func observed(_ node: ScenarioNode) throws(ScenarioError) -> Scenario.Observed {
    let map = try node.mapping(keys: ScenarioKeys.Observed.all)
    let timeline = try map.required(ScenarioKeys.Observed.timeline, example: "timeline.tsv")
    let path = resolve(try timeline.nonEmptyString())
    let text = try boundedText(
      path, at: timeline, what: "the observed UI timeline", limit: ScenarioFileBounds.tableBytes,
      advice: "give the timeline.tsv that `speech-replay capture import` wrote")
    let states = try ObservedTimelineTable.states(in: text, path: path, at: timeline)
    let divergence = try map[ScenarioKeys.Observed.divergence]?.choice(["none", "expected"]) ?? "none"
    return Scenario.Observed(
      timelineFile: path, states: states, divergenceExpected: divergence == "expected", location: node.location)
  }
}
