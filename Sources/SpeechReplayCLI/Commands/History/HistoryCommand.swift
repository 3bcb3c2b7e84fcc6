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
      A table with a header row: run id, start time (UTC), label (`run --label`; `-` for a run named after its commit), \
      commit, tool version, mode, shard, the passed/failed/crashed counts, and what the run covered (the paths it was \
      given). Use an id with `compare --baseline`. --html FILE also writes the listed runs as trends: per \
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

  @Option(
    name: .customLong("tolerance"),
    help: ArgumentHelp(
      "Another tolerance for a figure on the trend page, as `compare --tolerance` takes it; repeatable.",
      valueName: "[SCENARIO:]FIGURE=TOLERANCE"))
  var tolerances: [String] = []

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
    for text in tolerances {
      do { _ = try ToleranceOverride(parsing: text) } catch { throw ValidationError(error.message) }
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
      if runs.isEmpty { print("no runs recorded in \(path)") } else { print(Self.table(runs), terminator: "") }
      if let html {
        let oldestFirst = Array(runs.reversed())
        let results = try oldestFirst.map { run throws(HistoryError) in try store.results(ofRun: run.id) }
        do {
          let overrides = try tolerances.map { text throws(HistoryError) in try ToleranceOverride(parsing: text) }
          try FileReplacement.write(
            Data(TrendPage(runs: oldestFirst, results: results, tolerances: overrides).html().utf8), to: html)
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

  /// The runs as a table with a header row, columns padded to their widest cell.
  static func table(_ runs: [HistoryRun]) -> String {
    let header = ["run", "started (UTC)", "label", "commit", "tool", "mode", "shard", "results", "covered"]
    // Every cell on one line, its control characters visible: a label or path holding a line break
    // or an escape sequence (`--label`, a hand-edited history) would break the table's rows.
    let rows = [header] + runs.map { cells(for: $0).map { ConsoleText.value($0, limit: .max) } }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == row.count - 1
          ? cell
          : column == 0
            ? String(repeating: " ", count: widths[0] - cell.count) + cell
            : cell + String(repeating: " ", count: widths[column] - cell.count)
      }.joined(separator: "  ") + "\n"
    }.joined()
  }

  /// One run's cells: `12`, `2026-11-21 06:30:00`, `nightly`, `1a2b3c4d5e6f`, `0.6.0-dev`, …
  static func cells(for run: HistoryRun) -> [String] {
    let metadata = run.metadata
    let commit = metadata.gitCommit.map { String($0.prefix(12)) } ?? "no-commit"
    let results =
      "\(run.passed) passed, \(run.failed) failed, \(run.crashed) crashed"
      + (run.timedOut > 0 ? ", \(run.timedOut) timed out" : "")
    let tool = metadata.toolVersion + (metadata.toolCommit.map { " @" + $0.prefix(12) } ?? "")
    return [
      String(run.id), TrendPage.date(metadata.startedAt), metadata.isLabelled ? metadata.label ?? "-" : "-", commit,
      tool, metadata.mode, metadata.shard ?? "all", results,
      metadata.paths.isEmpty ? "(not recorded)" : metadata.paths.joined(separator: " "),
    ]
  }
}
