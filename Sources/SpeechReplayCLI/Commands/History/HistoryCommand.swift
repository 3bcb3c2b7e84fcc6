import ArgumentParser
import Foundation
import SpeechReplay

/// `speech-replay history`: lists the recorded runs, newest first.
struct HistoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "List the runs recorded in the history database, newest first.",
    discussion: "Each line: run id, start time (UTC), commit, mode, shard, and the passed/failed/crashed counts. Use an id with `compare --baseline`.")

  @Option(help: "The history database. Default: $SPEECH_REPLAY_HISTORY, else .speech-replay/history.sqlite.")
  var history: String?

  @Option(parsing: .unconditional, help: "How many runs to list (at least 1).")
  var limit: Int = 20

  func validate() throws {
    if limit < 1 { throw ValidationError("--limit must be at least 1 (got \(limit))") }
  }

  func run() throws {
    let path = HistoryLocation.path(option: history) ?? HistoryLocation.defaultPath
    guard FileManager.default.fileExists(atPath: path) else {
      Failure.printNote("no history at \(path) yet; `speech-replay run` records one")
      return
    }
    do {
      // Read-only: listing never creates, migrates or touches the database (it may be on a read-only disk).
      let runs = try HistoryStore(readingAt: path).runs(limit: limit)
      if runs.isEmpty { print("no runs recorded in \(path)") }
      for run in runs { print(Self.line(for: run)) }
    } catch {
      Failure.printError(error)
      throw ExitCode(Failure.exitCode)
    }
  }

  /// One run as a line: `  12  2026-11-21 06:30:00  1a2b3c4d5e6f  unaware  all  10 passed, 1 failed, 0 crashed`.
  static func line(for run: HistoryRun) -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    let commit = run.metadata.gitCommit.map { String($0.prefix(12)) } ?? "no-commit"
    let id = String(run.id)
    return String(repeating: " ", count: max(0, 4 - id.count)) + id
      + "  \(formatter.string(from: run.metadata.startedAt))  \(commit)  \(run.metadata.mode)  \(run.metadata.shard ?? "all")"
      + "  \(run.passed) passed, \(run.failed) failed, \(run.crashed) crashed"
      + (run.timedOut > 0 ? ", \(run.timedOut) timed out" : "")
  }
}
