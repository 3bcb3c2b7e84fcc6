import SimulatedDevice

/// The tap-schedule side file (`taps.tsv`, named by `device.microphone.tapSchedule`): one tap
/// callback per line — frames, sample time (`-` when invalid), sample rate, channels —
/// tab-separated; `#` lines are comments. Its one writer (capture import) and its one reader (the
/// scenario decoder) are here, so the two cannot drift apart.
package enum TapScheduleTable {
  /// The most frames one tap delivers (a microphone's `tapFrames` goes to 1 000 000).
  package static let largestTapFrames = 1_000_000
  /// The largest sample time a tap may carry either way: 10¹² frames, over 200 days at 48 kHz, far
  /// from where a frame count times a rate overflows.
  package static let largestSampleTime: Int64 = 1_000_000_000_000
  /// The sample rates a tap may have.
  package static let sampleRates: ClosedRange<Double> = 1_000...384_000
  /// The channel counts a tap may have.
  package static let channelCounts: ClosedRange<Int> = 1...2

  // MARK: Writing

  /// The comment line a written table starts with.
  package static func header(importedFrom source: String) -> String {
    "# tap schedule imported from \(source): frames, sample time (- when invalid), sample rate, channels\n"
  }

  /// One tap's line, newline included.
  package static func line(frames: Int, sampleTime: Int64?, sampleRate: Double, channelCount: Int) -> String {
    "\(frames)\t\(sampleTime.map(String.init) ?? "-")\t\(number(sampleRate))\t\(channelCount)\n"
  }

  /// A number as the table writes it: whole numbers without a decimal point.
  package static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  // MARK: Reading

  /// The taps in `text`, the table at `path`.
  /// - Throws: ``ScenarioError`` at `node` naming the first line that is not a tap and what a tap is.
  static func entries(
    in text: String, path: String, at node: ScenarioNode
  ) throws(ScenarioError) -> [Microphone.TapScheduleEntry] {
    var entries: [Microphone.TapScheduleEntry] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let entry = entry(line) else {
        throw node.error(
          "\(path):\(index + 1): '\(shortened(line))' is not a tap: write frames (0 to \(largestTapFrames)), sample time (- when unknown; at most \(largestSampleTime) either way), sample rate (1000–384000) and channels (1 or 2), separated by tabs"
        )
      }
      entries.append(entry)
    }
    return entries
  }

  /// One line as a tap, or nil when it is not one.
  private static func entry(_ line: Substring) -> Microphone.TapScheduleEntry? {
    let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard cells.count == 4, let frames = Int(cells[0]), (0...largestTapFrames).contains(frames),
      let rate = Double(cells[2]), sampleRates.contains(rate),
      let channels = Int(cells[3]), channelCounts.contains(channels),
      cells[1] == "-" || Int64(cells[1]).map({ $0.magnitude <= largestSampleTime.magnitude }) == true
    else { return nil }
    return .init(
      frames: frames, sampleTime: cells[1] == "-" ? nil : Int64(cells[1]), sampleRate: rate, channelCount: channels)
  }

  /// A line for a message: its first 80 characters, with how many more there were.
  static func shortened(_ line: Substring) -> String {
    line.count <= 80 ? String(line) : "\(line.prefix(80))… (\(line.count - 80) more characters)"
  }
}
