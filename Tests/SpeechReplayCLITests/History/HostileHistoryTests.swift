import Foundation
import GRDB
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// Issue t30's sweep of history databases: SQLite files of another schema were answered with SQL
/// ("no such column: identifier", "no such table: run") or called a newer speech-replay's history.
@Suite struct HostileHistoryTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder(prefix: "HostileHistoryTests") }

  /// A database another application made with GRDB: its own migrations, and a table named `run`.
  private func anotherApplicationsDatabase(migrationColumn: String = "identifier") throws -> String {
    let path = folder.url.appendingPathComponent("other-\(migrationColumn).sqlite").path
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE grdb_migrations (\(migrationColumn) TEXT NOT NULL PRIMARY KEY)")
      try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('createRuns')")
      try db.execute(sql: "CREATE TABLE run (id INTEGER PRIMARY KEY, title TEXT)")
    }
    return path
  }

  private func message(_ body: () throws(HistoryError) -> Void) -> String {
    do {
      try body()
      return "no error"
    } catch {
      return error.message
    }
  }

  @Test(arguments: ["identifier", "name"])
  func anotherGRDBApplicationsDatabaseIsNotAHistory(migrationColumn: String) throws {
    let path = try anotherApplicationsDatabase(migrationColumn: migrationColumn)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let expected =
      "\(path): this SQLite database is not a speech-replay run history (its tables: grdb_migrations, run); name the history with --history PATH, or move this file away"
    #expect(message { () throws(HistoryError) in _ = try HistoryStore(readingAt: path) } == expected)
    #expect(message { () throws(HistoryError) in _ = try HistoryStore(path: path) } == expected)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing written into it")
  }

  /// `touch history.sqlite`, then `history`: "cannot read the run history (no such table: run)".
  @Test func anEmptyFileReadsAsAHistoryWithoutRuns() throws {
    let path = folder.url.appendingPathComponent("empty.sqlite").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let store = try HistoryStore(readingAt: path)
    #expect(try store.runs().isEmpty)
    #expect(try store.latestRunID() == nil)
    #expect(
      message { () throws(HistoryError) in _ = try store.results(ofRun: 1) }
        == "\(path): there is no run 1; list the runs with `speech-replay history`")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty, "reading wrote nothing")
  }

  @Test func theHistoryCommandSaysAnEmptyFileHoldsNoRuns() throws {
    let path = folder.url.appendingPathComponent("empty.sqlite").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let history = try CommandLineRun(["history", "--history", path])
    #expect(history.status == 0, "\(history.standardError)")
    #expect(history.standardOutput == "no runs recorded in \(path)\n")
    let compare = try CommandLineRun(["compare", "--history", path])
    #expect(compare.status == 64)
    #expect(compare.standardError.contains("no run is recorded"), "\(compare.standardError)")
    #expect(!compare.standardError.contains("no such table"))
  }

  /// `run --history /dev/zero` (or a named pipe) was refused as SQLite's "disk I/O error".
  @Test func aDeviceOrAPipeAsTheHistoryIsNamedAsOne() throws {
    let fifo = folder.url.appendingPathComponent("history.sqlite").path
    #expect(mkfifo(fifo, 0o600) == 0)
    for path in [fifo, "/dev/zero"] {
      let text = message { () throws(HistoryError) in _ = try HistoryStore(path: path) }
      #expect(text.hasPrefix("\(path): cannot use it as the run history: a "), "\(text)")
      #expect(!text.contains("disk I/O error"))
    }
  }

  /// A history that cannot be written (a read-only file or folder; here /proc, where no file can be
  /// made, even by root) was "not an SQLite file speech-replay wrote, … move it away".
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self")))
  func aHistoryThatCannotBeWrittenIsSaidSo() {
    let text = message { () throws(HistoryError) in _ = try HistoryStore(path: "/proc/history.sqlite") }
    #expect(text.hasPrefix("/proc/history.sqlite: cannot write the run history ("), "\(text)")
    #expect(text.contains("run with --no-history"))
    #expect(!text.contains("move it away"))
  }

  /// A label holding a line break and an escape sequence split the `history` table's row in two
  /// and reached the terminal as an escape sequence.
  @Test func aLabelStaysInItsCellWithItsEscapesVisible() throws {
    let path = folder.url.appendingPathComponent("history.sqlite").path
    do {
      let store = try HistoryStore(path: path)
      var metadata = RunMetadata()
      metadata.label = "v1\nPASS\u{1B}[32m"
      try store.record(
        metadata,
        results: [
          ScenarioResult(
            name: "a", file: "a.yaml", status: .passed, seed: 1, wallSeconds: 0.1, virtualSeconds: 1, traceHash: "00")
        ])
    }
    let history = try CommandLineRun(["history", "--history", path])
    #expect(history.status == 0, "\(history.standardError)")
    let lines = history.standardOutput.split(separator: "\n")
    #expect(lines.count == 2, "the header and one run: \(history.standardOutput)")
    #expect(history.standardOutput.contains(#"v1\nPASS\u{1B}[32m"#), "\(history.standardOutput)")
    #expect(!history.standardOutput.contains("\u{1B}"))
  }
}
