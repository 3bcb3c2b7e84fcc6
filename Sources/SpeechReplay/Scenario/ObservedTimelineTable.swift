import Foundation

/// The observed-timeline side file (`timeline.tsv`, named by `observed.timeline`): one UI state the
/// device showed per line — audio time (s), phase, microphone, committed, volatile — tab-separated,
/// with tab, newline, carriage return and backslash escaped in cells; `#` lines are comments. Its
/// one writer (capture import) and its one reader (the scenario decoder) are here.
package enum ObservedTimelineTable {
  // MARK: Writing

  /// The comment line a written table starts with.
  package static func header(recordedIn source: String) -> String {
    "# UI timeline recorded in \(source): audio time (s), phase, microphone, committed, volatile\n"
  }

  /// One state's line, newline included.
  package static func line(_ state: Scenario.Observed.State) -> String {
    [
      String(format: "%.6f", state.audioTime), state.phase, state.microphone, state.committed, state.volatile,
    ].map(escapedCell).joined(separator: "\t") + "\n"
  }

  /// A cell with tab, newline, carriage return and backslash escaped (`\t`, `\n`, `\r`, `\\`).
  package static func escapedCell(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\\": out += "\\\\"
      case "\t": out += "\\t"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      default: out.append(character)
      }
    }
    return out
  }

  // MARK: Reading

  /// The states in `text`, the table at `path`.
  /// - Throws: ``ScenarioError`` at `node` naming the first line that is not a state.
  static func states(
    in text: String, path: String, at node: ScenarioNode
  ) throws(ScenarioError) -> [Scenario.Observed.State] {
    var states: [Scenario.Observed.State] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.isEmpty || line.hasPrefix("#") { continue }
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map { unescapedCell(String($0)) }
      guard cells.count == 5, let time = Double(cells[0]) else {
        throw node.error(
          "\(path):\(index + 1): a UI state is audio time (s), phase, microphone, committed, volatile, separated by tabs; this line is not"
        )
      }
      // `Double` reads `nan`, `inf`, `-1` and `1e308` too; none is a moment of a recording, and a
      // NaN compares false with every time, so the state would silently never be checked.
      guard time.isFinite, (0...latestAudioTime).contains(time) else {
        throw node.error(
          "\(path):\(index + 1): the audio time '\(cells[0])' is not a time of the recording (0 to \(Int(latestAudioTime)) s); write seconds from the start of the audio, like 1.250000"
        )
      }
      states.append(
        .init(audioTime: time, phase: cells[1], microphone: cells[2], committed: cells[3], volatile: cells[4]))
    }
    return states
  }

  /// The latest audio time a state may have: ten days, far past any capture (as `capture import` bounds a buffer's).
  static let latestAudioTime = 864_000.0

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
