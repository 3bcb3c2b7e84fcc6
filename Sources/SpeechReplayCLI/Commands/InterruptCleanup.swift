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
  /// The read end of the signal pipe, watched for the rest of the process once installed.
  nonisolated(unsafe) private static var source: (any DispatchSourceRead)?
  /// The write end of the signal pipe: the handler writes the signal's number to it.
  nonisolated(unsafe) private static var signalPipe: Int32 = -1
  private static let lock = NSLock()
  nonisolated(unsafe) private static var extras: Set<String> = []
  /// The signal received, 0 for none: set by the handler (a plain store), so that a command that fails
  /// because the cleanup removed its files ends as interrupted too (``endIfInterrupted()``).
  nonisolated(unsafe) private static var received: Int32 = 0
  /// Whether a thread is ending the process (the cleanup runs once).
  nonisolated(unsafe) private static var ending = false

  /// Catches SIGINT and SIGTERM for the rest of the process.
  ///
  /// A handler that writes the signal's number to a pipe (a self-pipe; `write` is safe in a signal
  /// handler), not a dispatch signal source: on Linux a dispatch signal source reads a `signalfd`
  /// and needs the signal blocked in every thread, and a thread that existed before (the cooperative
  /// pool's) would take an ignored signal and drop it — the command then ran on to its end.
  static func install() {
    lock.lock()
    defer { lock.unlock() }
    guard source == nil else { return }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    signalPipe = ends[1]
    // Written here first, so the handler never runs a static's lazy initialization.
    received = 0
    let reader = DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: .global())
    reader.setEventHandler {
      var number: Int32 = 0
      guard read(ends[0], &number, MemoryLayout<Int32>.size) == MemoryLayout<Int32>.size else { return }
      end(by: number)
    }
    reader.resume()
    source = reader
    for number in [SIGINT, SIGTERM] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        var number = number
        InterruptCleanup.received = number
        _ = write(InterruptCleanup.signalPipe, &number, MemoryLayout<Int32>.size)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(number, &action, nil)
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

  /// Ends the process as interrupted (exit 130 or 143) if a signal arrived: a command that failed
  /// meanwhile failed because the signal's cleanup removed its files, and must not end with its own
  /// error. Returns when no signal arrived.
  static func endIfInterrupted() {
    let number = received
    guard number != 0 else { return }
    end(by: number)
  }

  private static func end(by number: Int32) -> Never {
    lock.lock()
    if ending {
      // The other thread is cleaning up and exits next.
      lock.unlock()
      while true { pause() }
    }
    ending = true
    lock.unlock()
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
