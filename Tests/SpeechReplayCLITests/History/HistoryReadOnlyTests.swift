import Foundation
import GRDB
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// `history` and `compare` open the database read-only, and refuse a database that is not a
/// history or comes from a newer speech-replay, saying which. The tests run as root, where
/// permission bits do not stop a write; so "read-only" is checked by the file's bytes and
/// modification time staying the same.
@Suite struct HistoryReadOnlyTests {
  let folder: URL
  var database: String { folder.appendingPathComponent("history.sqlite").path }

  init() throws {
    folder = try TemporaryFolder(prefix: "HistoryReadOnlyTests").url
  }

  private static func result(_ name: String, status: ScenarioResult.Status = .passed) -> ScenarioResult {
    ScenarioResult(
      name: name, file: "Scenarios/\(name).yaml", status: status, seed: 1, wallSeconds: 0.1, virtualSeconds: 2,
      traceHash: "00\(name)")
  }

  /// Two recorded runs, the writer closed (so SQLite has folded its WAL into the file).
  private func recordTwoRuns() throws {
    do {
      let store = try HistoryStore(path: database)
      try store.record(RunMetadata(), results: [Self.result("a"), Self.result("b")])
      try store.record(RunMetadata(), results: [Self.result("a"), Self.result("b", status: .failed)])
    }
    #expect(!FileManager.default.fileExists(atPath: database + "-wal"), "the writer checkpointed on close")
  }

  private func fingerprint(_ path: String) throws -> (Data, Date) {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (try Data(contentsOf: URL(fileURLWithPath: path)), try #require(attributes[.modificationDate] as? Date))
  }

  @Test func historyAndCompareLeaveTheDatabaseAsItWas() throws {
    try recordTwoRuns()
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: database)
    let before = try fingerprint(database)

    let history = try CommandLineRun(["history", "--history", database])
    #expect(history.status == 0, "\(history.standardError)")
    // The header row and the two runs.
    #expect(history.standardOutput.split(separator: "\n").count == 3)
    let compare = try CommandLineRun(["compare", "--baseline", "1", "--run", "2", "--history", database])
    #expect(compare.status == 1, "b regressed: \(compare.standardOutput)\(compare.standardError)")
    #expect(compare.standardOutput.contains("REGRESSED  b: status passed → failed"), "\(compare.standardOutput)")

    let after = try fingerprint(database)
    #expect(after.0 == before.0, "history/compare changed the database's bytes")
    #expect(after.1 == before.1, "history/compare changed the database's modification time")
    // A read-only reader may leave SQLite's (empty) WAL beside the file, never anything in it.
    let wal = (try? FileManager.default.attributesOfItem(atPath: database + "-wal"))?[.size] as? Int
    #expect(wal == nil || wal == 0)
  }

  @Test func aDatabaseThatIsNotAHistoryIsRefusedAndLeftAlone() throws {
    let foreign = folder.appendingPathComponent("app.sqlite").path
    do {
      let queue = try DatabaseQueue(path: foreign)
      try queue.write { db in
        try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        try db.execute(sql: "INSERT INTO notes (text) VALUES ('mine')")
      }
    }
    let before = try fingerprint(foreign)
    let history = try CommandLineRun(["history", "--history", foreign])
    #expect(history.status == 1)
    #expect(
      history.errorLines == [
        "speech-replay: error: \(foreign): this SQLite database is not a speech-replay run history (its tables: notes); name the history with --history PATH, or move this file away"
      ], "\(history.standardError)")
    let compare = try CommandLineRun(["compare", "--baseline", "1", "--history", foreign])
    #expect(compare.status == 2, "not 1, which means regressed")
    #expect(compare.standardError.contains("is not a speech-replay run history"), "\(compare.standardError)")
    // Recording a run into it is refused too, rather than adding our tables to someone else's database.
    let probe = try CommandLineRun.executable(named: "scenario-worker-probe").path
    let scenario = folder.appendingPathComponent("a.yaml").path
    try Data("schema: 1\nname: a\nsteps: [start, stop]\n".utf8).write(to: URL(fileURLWithPath: scenario))
    let run = try CommandLineRun(["run", scenario, "--worker", probe, "--history", foreign])
    #expect(run.status == 64, "refused before any scenario runs")
    #expect(!run.standardOutput.contains("PASS"), "\(run.standardOutput)")
    #expect(run.standardError.contains("is not a speech-replay run history"), "\(run.standardError)")
    let tables = try DatabaseQueue(path: foreign).read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    #expect(tables == ["notes"])
    #expect(try fingerprint(foreign).0 == before.0)
  }

  /// A hand-edited or damaged history holds text where speech-replay writes dates and numbers; GRDB's
  /// plain column subscript trapped on it. Every command that reads it names the table, the column
  /// and what is there, and leaves the file alone.
  @Test(arguments: [
    ("UPDATE run SET startedAt = 'garbage' WHERE id = 2", ["history"], "its run table holds \"garbage\" in startedAt"),
    (
      "UPDATE scenarioResult SET wallSeconds = 'abc' WHERE name = 'b' AND runId = 2", ["compare", "--baseline", "1"],
      "its scenarioResult table holds \"abc\" in wallSeconds"
    ),
  ])
  func aDamagedRowIsNamedNotATrap(damage: String, command: [String], expected: String) throws {
    try recordTwoRuns()
    try DatabaseQueue(path: database).write { db in try db.execute(sql: damage) }
    let before = try fingerprint(database)
    let run = try CommandLineRun(command + ["--history", database])
    #expect(run.status != 0 && run.status < 64, "\(run.standardError)")
    #expect(run.standardError.contains("the run history is damaged: a row of \(expected)"), "\(run.standardError)")
    #expect(run.standardError.contains("move the file away to start a new history"))
    #expect(try fingerprint(database).0 == before.0)
  }

  @Test func aFileThatIsNotSQLiteIsCalledThat() throws {
    let text = folder.appendingPathComponent("notes.sqlite").path
    try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: text))
    let history = try CommandLineRun(["history", "--history", text])
    #expect(history.status == 1)
    #expect(
      history.standardError.contains("\(text): cannot open the run history (it is not an SQLite database)"),
      "\(history.standardError)")
  }

  @Test func aHistoryFromANewerSchemaNamesBothVersions() throws {
    try recordTwoRuns()
    do {
      // What a later speech-replay's second migration would leave behind.
      let queue = try DatabaseQueue(path: database)
      try queue.write { db in
        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v5: a future change')")
      }
    }
    let history = try CommandLineRun(["history", "--history", database])
    #expect(history.status == 1)
    #expect(
      history.standardError.contains(
        "the history was written by a newer speech-replay (history schema version 5); this one reads versions up to 4"),
      "\(history.standardError)")
    let compare = try CommandLineRun(["compare", "--baseline", "1", "--history", database])
    #expect(compare.status == 2)
    // A writer refuses it too.
    #expect(throws: HistoryError.self) { try HistoryStore(path: database) }
  }
}
