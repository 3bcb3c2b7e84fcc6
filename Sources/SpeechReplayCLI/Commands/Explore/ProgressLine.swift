import Foundation
import SpeechReplay

/// The exploration's progress on standard error: one line updated in place on a terminal; otherwise
/// a line per tenth of the runs and one when a shrinking starts.
final class ProgressLine: @unchecked Sendable {
  // @unchecked: `lastTenth` and `lastShrinking` are guarded by `lock`.
  private let isTerminal: Bool
  private let lock = NSLock()
  private var lastTenth = -1
  private var lastShrinking: String?
  private var shown = false

  init(isTerminal: Bool) { self.isTerminal = isTerminal }

  /// Shows where the exploration is.
  func show(_ progress: ExplorationProgress) {
    lock.withLock {
      if isTerminal {
        shown = true
        print("\r\u{1B}[2K\(progress.line)")
        return
      }
      let tenth = progress.runsPlanned > 0 ? progress.runsDone * 10 / progress.runsPlanned : 0
      let shrinking = progress.shrinking.map { $0.split(separator: "(").first.map(String.init) ?? $0 }
      guard tenth != lastTenth || (shrinking != nil && shrinking != lastShrinking) else { return }
      lastTenth = tenth
      lastShrinking = shrinking
      print(progress.line + "\n")
    }
  }

  /// Ends the in-place line.
  func finish() {
    lock.withLock { if isTerminal && shown { print("\n") } }
  }

  private func print(_ text: String) { StandardStream.error.write(text) }
}
