import AudioPCM
import Dispatch
import Foundation
import SpeechReplayCapture

/// What a command that writes files does on Ctrl-C (SIGINT) or a CI job's cancel (SIGTERM):
/// removes its partial files (every ``FileReplacement`` not yet committed, and any `extra` path)
/// and its private copies of captures, says so in one line, and exits 130 or 143.
///
/// Destinations keep what they held: outputs are written to temporary files and renamed into
/// place only when complete. SIGKILL cannot be caught; a killed process's private copies are
/// swept by the next capture read (`CaptureFile`).
enum InterruptCleanup {
  /// The signal sources; kept for the life of the process once installed.
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
  private static let lock = NSLock()
  nonisolated(unsafe) private static var extras: Set<String> = []

  /// Catches SIGINT and SIGTERM for the rest of the process.
  static func install() {
    lock.lock()
    defer { lock.unlock() }
    guard sources.isEmpty else { return }
    sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { end(by: number) }
      source.resume()
      return source
    }
  }

  /// Adds a path (a file or folder) to remove if the process is interrupted before ``forget(_:)``.
  static func removeOnInterrupt(_ path: String) {
    lock.lock()
    extras.insert(path)
    lock.unlock()
  }

  /// No longer removes `path` on interruption (it is complete).
  static func forget(_ path: String) {
    lock.lock()
    extras.remove(path)
    lock.unlock()
  }

  private static func end(by number: Int32) {
    FileReplacement.removePendingTemporaryFiles()
    CaptureFile.removeReadCopiesOfThisProcess()
    lock.lock()
    let paths = extras
    lock.unlock()
    for path in paths { try? FileManager.default.removeItem(atPath: path) }
    Failure.printNote(
      "interrupted by \(number == SIGINT ? "SIGINT" : "SIGTERM"); partial files and temporary copies removed, existing files left as they were"
    )
    exit(128 + number)
  }
}
