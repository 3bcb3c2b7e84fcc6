import ArgumentParser
import AudioPCM
import Foundation
import SpeechReplay

/// `speech-replay history`: lists the recorded runs, newest first.
struct HistoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "List the runs recorded in the history database, newest first.",
    discussion: """
      Each line: run id, start time (UTC), commit, mode, shard, and the passed/failed/crashed counts, and the label when it \
      is not the commit. Use an id with `compare --baseline`. --html FILE also writes the listed runs as trends: per \
      scenario and figure a chart over the runs, changes marked by the rules of `compare` (see Documentation/Reports.md).
      """)

  @OptionGroup var database: HistoryDatabaseOption
  /// `--history`.
  var history: String? { database.history }

  @Option(parsing: .unconditional, help: "How many runs to list (at least 1).")
  var limit: Int = 20

  @Option(
    help:
      "Also write the listed runs (oldest first) as a trend page: per scenario and figure a chart over the runs, changes marked as `compare` finds them."
  )
  var html: String?

  @Flag(
    help:
      "Write --html even to a name that looks like an audio, scenario, capture or database file (never onto the history)."
  )
  var force = false

  func validate() throws {
    if limit < 1 { throw ValidationError("--limit must be at least 1 (got \(limit))") }
    if let html {
      var outputs = OutputPaths()
      outputs.input(HistoryLocation.path(option: history) ?? HistoryLocation.defaultPath, what: "the history database")
      try outputs.checkReport(html, option: "--html", force: force)
    }
  }

  func run() throws {
    let path = HistoryLocation.path(option: history) ?? HistoryLocation.defaultPath
    guard FileManager.default.fileExists(atPath: path) else {
      Failure.printNote("no history at \(path) yet; `\(CLIContext.current.commandName) run` records one")
      return
    }
    do {
      // Read-only: listing never creates, migrates or touches the database (it may be on a read-only disk).
      let store = try HistoryStore(readingAt: path)
      let runs = try store.runs(limit: limit)
      if runs.isEmpty { print("no runs recorded in \(path)") }
      for run in runs { print(Self.line(for: run)) }
      if let html {
        let oldestFirst = Array(runs.reversed())
        let results = try oldestFirst.map { run throws(HistoryError) in try store.results(ofRun: run.id) }
        do {
          try FileReplacement.write(Data(TrendPage(runs: oldestFirst, results: results).html().utf8), to: html)
        } catch {
          throw HistoryError(
            "\(html): cannot write the trend page (\(error.localizedDescription)); check that its folder exists and is writable"
          )
        }
      }
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
      + (run.metadata.label.map { $0 == String(commit.prefix($0.count)) ? "" : "  [\($0)]" } ?? "")
  }
}
