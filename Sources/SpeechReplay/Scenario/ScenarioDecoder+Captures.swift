import AudioPCM
import Foundation
import SimulatedDevice

/// The keys of scenarios imported from captures: `device.microphone.tapSchedule` and `observed`.
extension ScenarioDecoder {
  /// `tapSchedule: taps.tsv`: one tap callback per line — frames, sample time (`-` when invalid),
  /// sample rate, channels — tab-separated; `#` lines are comments.
  func tapSchedule(_ node: ScenarioNode) throws(ScenarioError) -> [Microphone.TapScheduleEntry] {
    let path = resolve(try node.nonEmptyString())
    let text = try boundedText(
      path, at: node, what: "the tap schedule", limit: ScenarioFileBounds.tableBytes,
      advice: "give a .tsv path relative to the scenario file")
    var entries: [Microphone.TapScheduleEntry] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.isEmpty || line.hasPrefix("#") { continue }
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard cells.count == 4, let frames = Int(cells[0]), (0...Self.largestTapFrames).contains(frames),
        let rate = Double(cells[2]), (1_000...384_000).contains(rate),
        let channels = Int(cells[3]), (1...2).contains(channels),
        cells[1] == "-" || Int64(cells[1]).map({ $0.magnitude <= Self.largestSampleTime }) == true
      else {
        throw node.error(
          "\(path):\(index + 1): '\(Self.shortened(line))' is not a tap: write frames (0 to \(Self.largestTapFrames)), sample time (- when unknown; at most \(Self.largestSampleTime) either way), sample rate (1000–384000) and channels (1 or 2), separated by tabs"
        )
      }
      entries.append(
        .init(
          frames: frames, sampleTime: cells[1] == "-" ? nil : Int64(cells[1]), sampleRate: rate, channelCount: channels)
      )
    }
    return entries
  }

  /// The most frames one tap delivers (a microphone's `tapFrames` goes to 1 000 000).
  static let largestTapFrames = 1_000_000
  /// The largest sample time a tap may carry either way: 10¹² frames, over 200 days at 48 kHz, far
  /// from where a frame count times a rate overflows.
  static let largestSampleTime: UInt64 = 1_000_000_000_000

  /// A line for a message: its first 80 characters, with how many more there were.
  static func shortened(_ line: Substring) -> String {
    line.count <= 80 ? String(line) : "\(line.prefix(80))… (\(line.count - 80) more characters)"
  }

  /// `observed: { timeline: timeline.tsv, divergence: none | expected }`.
  func observed(_ node: ScenarioNode) throws(ScenarioError) -> Scenario.Observed {
    let map = try node.mapping(keys: ScenarioKeys.Observed.all.names)
    let timeline = try map.required("timeline", example: "timeline.tsv")
    let path = resolve(try timeline.nonEmptyString())
    let text = try boundedText(
      path, at: timeline, what: "the observed UI timeline", limit: ScenarioFileBounds.tableBytes,
      advice: "give the timeline.tsv that `speech-replay capture import` wrote")
    var states: [Scenario.Observed.State] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.isEmpty || line.hasPrefix("#") { continue }
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map { Self.unescapedCell(String($0)) }
      guard cells.count == 5, let time = Double(cells[0]) else {
        throw timeline.error(
          "\(path):\(index + 1): a UI state is audio time (s), phase, microphone, committed, volatile, separated by tabs; this line is not"
        )
      }
      states.append(
        .init(audioTime: time, phase: cells[1], microphone: cells[2], committed: cells[3], volatile: cells[4]))
    }
    let divergence = try map["divergence"]?.choice(["none", "expected"]) ?? "none"
    return Scenario.Observed(
      timelineFile: path, states: states, divergenceExpected: divergence == "expected", location: node.location)
  }

  /// A table cell with `\t`, `\n`, `\r` and `\\` unescaped.
  static func unescapedCell(_ cell: String) -> String {
    guard cell.contains("\\") else { return cell }
    var out = ""
    var escaping = false
    for character in cell {
      if escaping {
        switch character {
        case "t": out.append("\t")
        case "n": out.append("\n")
        case "r": out.append("\r")
        default: out.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        out.append(character)
      }
    }
    return out
  }
}
