import Simulation
import SpeechReplay

extension SpeechSegment {
  /// Reads a segments file (`scenario new --segments`): one segment per line, start and end
  /// separated by a tab or spaces, each a duration as everywhere else (`2.9`, `2.9s`, `2900ms`).
  /// Blank lines and lines starting with `#` are skipped, so the output of `audio segments` is
  /// accepted as it is.
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - source: The file's path, for messages.
  /// - Throws: ``ScenarioSkeletonError`` naming the file and line of a line that is not a segment.
  public static func parseList(_ text: String, source: String) throws -> [SpeechSegment] {
    var segments: [SpeechSegment] = []
    for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      let where_ = "\(source):\(offset + 1)"
      let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
      guard fields.count == 2, let start = DurationText.parse(fields[0]), let end = DurationText.parse(fields[1])
      else {
        throw ScenarioSkeletonError(
          "\(where_): '\(line)' is not a segment; write its start and end, like 1.24<TAB>3.02 (or 1240ms 3020ms)")
      }
      let segment = SpeechSegment(start: start.seconds, end: end.seconds)
      guard segment.end > segment.start else {
        throw ScenarioSkeletonError("\(where_): the segment ends at or before its start; write start, then end")
      }
      if let previous = segments.last, segment.start < previous.end {
        throw ScenarioSkeletonError(
          "\(where_): the segment starts before the one above it ends (\(previous)); list segments in order, without overlaps"
        )
      }
      segments.append(segment)
    }
    return segments
  }
}
