import AudioPCM
import Foundation

/// The bounds on what a scenario names and generates, so that what is accepted loads quickly and
/// what would be slow is refused at its line with the limit.
///
/// Measured in a debug build: a 4 MB transcript or a 16 MB tap schedule parses in well under a
/// second; generating 500 000 words of results takes about as long. A transcript spoken as one
/// long utterance generates words quadratic in its length (each volatile result repeats the
/// utterance so far), so its size is bounded before anything is generated.
enum ScenarioFileBounds {
  /// The largest transcript (`model.transcript`), in bytes.
  static let transcriptBytes = 4 << 20
  /// The largest tap schedule or observed UI timeline, in bytes (an hour of 100 ms taps is 700 KB).
  static let tableBytes = 16 << 20
  /// The largest audio file, in bytes (ten hours of 48 kHz stereo Float32 is 13.8 GB; a recording a scenario replays is far shorter).
  static let audioBytes: Int64 = 8 << 30
  /// The shortest `generate.volatileEvery`: a model publishes a guess at most every 10 ms (Apple's about every 100–500 ms).
  static let volatileFloor: Duration = .milliseconds(10)
  /// The most words over every result generated from a transcript.
  static let generatedWords = 500_000
  /// The most volatile ticks generation considers.
  static let generatedTicks = 1_000_000

  /// The size of the file at `path`, when `stat` can tell.
  static func size(of path: String) -> Int64? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int64(info.st_size)
  }

  /// A byte count for messages: `16 MB`, `900 KB`.
  static func text(_ bytes: Int64) -> String {
    bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(max(1, bytes >> 10)) KB"
  }
}

extension ScenarioDecoder {
  /// The text of a file the scenario names, refused at `node` when larger than `limit` bytes.
  ///
  /// - Parameters:
  ///   - path: The resolved path.
  ///   - node: The key naming it, where errors point.
  ///   - what: The file's role in messages (`the transcript`).
  ///   - limit: The largest size in bytes.
  ///   - advice: What to do when it cannot be read.
  func boundedText(
    _ path: String, at node: ScenarioNode, what: String, limit: Int, advice: String
  ) throws(ScenarioError) -> String {
    if let size = ScenarioFileBounds.size(of: path), size > Int64(limit) {
      throw node.error(
        "\(what) '\(path)' is \(ScenarioFileBounds.text(size)), more than the \(ScenarioFileBounds.text(Int64(limit))) a scenario may load (reading it would be slow); is it the right file? split the capture or the scenario"
      )
    }
    do { return try String(contentsOfFile: path, encoding: .utf8) } catch {
      throw node.error("cannot read \(what) '\(path)': \(FileProblem.describe(error, path: path)); \(advice)")
    }
  }
}
