import Foundation

/// Standard output or standard error, written to without ever trapping.
///
/// Foundation's `FileHandle.write(_:)` traps when the write fails, and a write to a standard stream
/// fails for reasons outside the command: `run … | head` closed the pipe (SIGPIPE is ignored while
/// workers run, so the write returns EPIPE), `>/dev/full`, `>&-`. The run's work, reports and history
/// matter more than its console, so a failed console write is dropped and the command goes on.
enum StandardStream {
  /// Standard output.
  case output
  /// Standard error.
  case error

  /// Writes `text` as UTF-8; a write that fails is dropped.
  func write(_ text: String) {
    let handle = self == .output ? FileHandle.standardOutput : FileHandle.standardError
    try? handle.write(contentsOf: Data(text.utf8))
  }
}
