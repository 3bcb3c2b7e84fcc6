import AudioPCM
import Foundation
import GRDB
import SpeechReplay

/// The run history: an SQLite database (through GRDB) with one row per `speech-replay run`, its
/// scenario results and their figures.
///
/// The database is in WAL mode with a busy timeout, and a run is written in one transaction, so two
/// runs writing at once both land and a run killed mid-write leaves nothing of itself behind.
///
/// ```swift
/// let store = try HistoryStore(path: ".speech-replay/history.sqlite")
/// let id = try store.record(RunMetadata(gitCommit: GitCommit.current()), results: results)
/// let runs = try store.runs(limit: 20)
/// ```
package final class HistoryStore: Sendable {
  /// The database file.
  package let path: String
  /// A pool when writing (WAL, concurrent writers); a read-only queue for `history` and `compare`.
  private let pool: any DatabaseWriter
  /// A copy read instead of `path` when `path` could not be opened read-only in place; removed on deinit.
  private let readCopy: String?

  /// How long a writer waits for another process's write to finish before giving up.
  package static let busyTimeout: TimeInterval = 30

  /// Opens the history at `path`, creating the file, its folder and the schema when they are missing.
  ///
  /// - Parameter path: The database file.
  /// - Throws: ``HistoryError`` naming the file when it cannot be created, opened or migrated.
  package init(path: String) throws(HistoryError) {
    self.path = path
    try Self.checkNotAFolder(path)
    // A named pipe or a device (`--history /dev/zero`) is what SQLite calls a "disk I/O error".
    if FileManager.default.fileExists(atPath: path), let problem = FileProblem.reading(path) {
      throw HistoryError(
        "\(path): cannot use it as the run history: \(problem); name a database file with --history PATH (or SPEECH_REPLAY_HISTORY), or run with --no-history"
      )
    }
    let folder = (path as NSString).deletingLastPathComponent
    do {
      if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    } catch {
      throw HistoryError(
        "\(path): cannot create the history folder (\(FileProblem.describe(error, path: folder))); choose another place with --history PATH or run with --no-history"
      )
    }
    var configuration = Configuration()
    configuration.busyMode = .timeout(Self.busyTimeout)
    configuration.label = "speech-replay history"
    readCopy = nil
    do {
      // Two processes opening a new history at once (two CI jobs) raced: switching the file to WAL
      // mode reports "database is locked" without waiting, and both could apply a migration. One at
      // a time opens and migrates, under an advisory lock beside the file.
      pool = try Self.whileOpening(path) {
        // Checked before the pool opens: opening it switches the file to WAL mode, which is already a write.
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > 0 {
          var readOnly = Configuration()
          readOnly.readonly = true
          // Another writer may be creating the schema right now: wait for it as the writer would.
          readOnly.busyMode = .timeout(Self.busyTimeout)
          try DatabaseQueue(path: path, configuration: readOnly).read { db in try Self.checkOwnership(db, path: path) }
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        // Never add our tables to someone else's database, nor write into a newer history.
        try pool.read { db in try Self.checkOwnership(db, path: path) }
        try Self.migrate(pool)
        return pool
      }
    } catch let error as HistoryError {
      throw error
    } catch let error as DatabaseError
      where [.SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM].contains(error.resultCode.primaryResultCode)
    {
      // A history (or its folder) that cannot be written is not a file to move away.
      throw HistoryError(
        "\(path): cannot write the run history (\(Self.describe(error))); make the file and its folder writable, record into another file with --history PATH, or run with --no-history"
      )
    } catch {
      throw HistoryError(
        "\(path): cannot open the run history (\(Self.describe(error))); check that it is an SQLite file speech-replay wrote, or move it away to start a new history"
      )
    }
  }

  /// Opens an existing history read-only (`history`, `compare`): nothing is created, migrated or
  /// written, so a history on a read-only disk or in a read-only folder can be read.
  ///
  /// SQLite reads a WAL database in place only when it can create the `-shm` file beside it; when
  /// it cannot (a read-only folder), the database is copied to a temporary file and read there.
  ///
  /// - Parameter path: The database file; it must exist.
  /// - Throws: ``HistoryError`` naming the file when it is not an SQLite database, not a
  ///   speech-replay history, or from a newer schema version (naming both versions).
  package init(readingAt path: String) throws(HistoryError) {
    self.path = path
    try Self.checkNotAFolder(path)
    if let problem = FileProblem.reading(path) {
      throw HistoryError(
        "\(path): cannot read the run history: \(problem); check the path given with --history (or SPEECH_REPLAY_HISTORY)"
      )
    }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(Self.busyTimeout)
    configuration.label = "speech-replay history (read-only)"
    do {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      try queue.read { db in try Self.checkOwnership(db, path: path) }
      pool = try Self.readable(queue)
      readCopy = nil
    } catch let error as HistoryError {
      throw error
    } catch let error as DatabaseError
      where error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_READONLY
    {
      let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
        "speech-replay-history-\(UUID().uuidString).sqlite"
      ).path
      do {
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        if FileManager.default.fileExists(atPath: path + "-wal") {
          try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
        }
        let queue = try DatabaseQueue(path: copy, configuration: configuration)
        try queue.read { db in try Self.checkOwnership(db, path: path) }
        pool = try Self.readable(queue)
        readCopy = copy
      } catch let error as HistoryError {
        Self.removeCopy(copy)
        throw error
      } catch {
        Self.removeCopy(copy)
        throw HistoryError(
          "\(path): cannot open the run history read-only (\(Self.describe(error))); check that the file is readable")
      }
    } catch {
      throw HistoryError(
        "\(path): cannot open the run history (\(Self.describe(error))); check that it is an SQLite file speech-replay wrote"
      )
    }
  }

  deinit {
    if let readCopy { Self.removeCopy(readCopy) }
  }

  /// `queue`, or, when it holds no history's tables yet (an empty file, a database nothing was
  /// recorded in), an empty history in memory: reading it lists no runs, where the file's own
  /// queries would fail with SQLite's "no such table".
  private static func readable(_ queue: DatabaseQueue) throws -> DatabaseQueue {
    guard try queue.read({ db in try !db.tableExists("run") }) else { return queue }
    let empty = try DatabaseQueue()
    try migrator.migrate(empty)
    return empty
  }

  /// SQLite calls a folder a "disk I/O error": say what it is.
  private static func checkNotAFolder(_ path: String) throws(HistoryError) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw HistoryError(
        "\(path) is a folder, not a run history; name the database file with --history (for example \((path as NSString).appendingPathComponent("history.sqlite")))"
      )
    }
  }

  private static func removeCopy(_ copy: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) }
  }

  /// Records one run and its results in a single transaction, each result with the fingerprints
  /// of its scenario file and audio as they are on disk now.
  ///
  /// - Parameters:
  ///   - metadata: When, where and how the run ran.
  ///   - results: Its scenario results.
  ///   - progress: Called after each result is inserted, inside the transaction, with the count so
  ///     far (tests use it to kill a writer mid-write).
  /// - Returns: The new run's id.
  /// - Throws: ``HistoryError`` naming the file when the write fails; nothing of the run is kept then.
  @discardableResult
  package func record(
    _ metadata: RunMetadata, results: [ScenarioResult], progress: (Int) -> Void = { _ in }
  ) throws(HistoryError) -> Int64 {
    // Read before the transaction: hashing files does not hold the database.
    var reader = ScenarioFingerprint.Reader()
    var fingerprints: [String: ScenarioFingerprint] = [:]
    for file in results.map(\.file) where fingerprints[file] == nil {
      fingerprints[file] = reader.fingerprint(of: file)
    }
    do {
      return try pool.write { db in
        try db.execute(
          sql: """
            INSERT INTO run (startedAt, gitCommit, seed, mode, shard, host, toolVersion, scenarioCount, label,
              paths, toolCommit, machine)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            metadata.startedAt, metadata.gitCommit, metadata.seed.map { Int64(bitPattern: $0) }, metadata.mode,
            metadata.shard,
            metadata.host, metadata.toolVersion, results.count, metadata.label,
            metadata.paths.isEmpty ? nil : metadata.paths.joined(separator: "\n"), metadata.toolCommit,
            metadata.machine,
          ])
        let runID = db.lastInsertedRowID
        for (index, result) in results.enumerated() {
          let stored = HistoryResult(result)
          let fingerprint = fingerprints[result.file]
          try db.execute(
            sql: """
              INSERT INTO scenarioResult (runId, name, file, status, seed, wallSeconds, virtualSeconds, traceHash, subject,
                fileHash, audioHash, tolerances)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
              """,
            arguments: [
              runID, stored.name, stored.file, stored.status.rawValue, Int64(bitPattern: stored.seed),
              stored.wallSeconds,
              stored.virtualSeconds, stored.traceHash, stored.subject, fingerprint?.file, fingerprint?.audio,
              stored.tolerances.isEmpty
                ? nil
                : stored.tolerances.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n"),
            ])
          let resultID = db.lastInsertedRowID
          for (name, figure) in stored.figures.sorted(by: { $0.key < $1.key }) {
            try db.execute(
              sql: "INSERT INTO figure (resultId, name, value, kind) VALUES (?, ?, ?, ?)",
              arguments: [resultID, name, figure.value, figure.kind.rawValue])
          }
          progress(index + 1)
        }
        return runID
      }
    } catch {
      throw HistoryError(
        "\(path): cannot record the run (\(Self.describe(error))); check the disk and that the file is writable, or run with --no-history"
      )
    }
  }

  /// The most recent runs, newest first, with their result counts.
  ///
  /// - Parameter limit: How many runs at most.
  /// - Returns: The runs.
  /// - Throws: ``HistoryError`` naming the file when it cannot be read.
  package func runs(limit: Int = 20) throws(HistoryError) -> [HistoryRun] {
    try completeRuns(where: nil, limit: limit)
  }

  /// Complete runs (a row whose results are fewer than it announced would be a partial write and is
  /// never listed), newest first, optionally only the one with `id`.
  private func completeRuns(where id: Int64?, limit: Int) throws(HistoryError) -> [HistoryRun] {
    do {
      return try pool.read { db in
        let rows = try Row.fetchAll(
          db,
          sql: """
            SELECT run.*,
              SUM(r.status = 'passed') AS passed, SUM(r.status = 'failed') AS failed,
              SUM(r.status = 'crashed') AS crashed, SUM(r.status = 'skipped') AS skipped,
              SUM(r.status = 'timedOut') AS timedOut, COUNT(r.id) AS recorded
            FROM run LEFT JOIN scenarioResult r ON r.runId = run.id
            WHERE ? IS NULL OR run.id = ?
            GROUP BY run.id HAVING recorded = run.scenarioCount
            ORDER BY run.id DESC LIMIT ?
            """, arguments: [id, id, limit])
        return try rows.map { row in
          let column = DamagedRowReading(row: row, table: "run")
          return HistoryRun(
            id: try column("id"), metadata: try Self.metadata(column), passed: try column("passed") ?? 0,
            failed: try column("failed") ?? 0, crashed: try column("crashed") ?? 0,
            skipped: try column("skipped") ?? 0, timedOut: try column("timedOut") ?? 0)
        }
      }
    } catch let damage as DamagedRow {
      throw damage.error(path)
    } catch {
      throw HistoryError(
        "\(path): cannot read the run history (\(Self.describe(error))); check that it is an SQLite file speech-replay wrote"
      )
    }
  }

  /// One run by id.
  ///
  /// - Parameter id: The run's id.
  /// - Returns: The run, or `nil` when there is none with that id.
  /// - Throws: ``HistoryError`` naming the file when it cannot be read.
  package func run(id: Int64) throws(HistoryError) -> HistoryRun? {
    try completeRuns(where: id, limit: 1).first
  }

  /// The newest run's id, if any run is recorded.
  ///
  /// - Returns: The id, or `nil` for an empty history.
  /// - Throws: ``HistoryError`` naming the file when it cannot be read.
  package func latestRunID() throws(HistoryError) -> Int64? {
    try runs(limit: 1).first?.id
  }

  /// The scenario results of one run, in the order they were recorded.
  ///
  /// - Parameter runID: The run's id.
  /// - Returns: Its results with their figures.
  /// - Throws: ``HistoryError`` naming the file and the run when there is no such run.
  package func results(ofRun runID: Int64) throws(HistoryError) -> [HistoryResult] {
    let rows: [Row]
    let figureRows: [Row]
    do {
      (rows, figureRows) = try pool.read { db in
        (
          try Row.fetchAll(db, sql: "SELECT * FROM scenarioResult WHERE runId = ? ORDER BY id", arguments: [runID]),
          try Row.fetchAll(
            db, sql: "SELECT f.* FROM figure f JOIN scenarioResult r ON r.id = f.resultId WHERE r.runId = ?",
            arguments: [runID])
        )
      }
    } catch {
      throw HistoryError(
        "\(path): cannot read run \(runID) (\(Self.describe(error))); check that it is an SQLite file speech-replay wrote"
      )
    }
    if rows.isEmpty, try run(id: runID) == nil {
      throw HistoryError(
        "\(path): there is no run \(runID); list the runs with `\(CLIContext.current.commandName) history`")
    }
    do {
      var figures: [Int64: [String: HistoryResult.Figure]] = [:]
      for row in figureRows {
        let column = DamagedRowReading(row: row, table: "figure")
        let kind = SpeechReplay.Figure.Clock(rawValue: try column("kind")) ?? .virtual
        figures[try column("resultId"), default: [:]][try column("name")] = HistoryResult.Figure(
          value: try column("value"), kind: kind)
      }
      return try rows.map { row in
        let column = DamagedRowReading(row: row, table: "scenarioResult")
        let seed: Int64 = try column("seed")
        let id: Int64 = try column("id")
        var result = HistoryResult(
          name: try column("name"), file: try column("file"),
          status: ScenarioResult.Status(rawValue: try column("status")) ?? .failed, seed: UInt64(bitPattern: seed),
          wallSeconds: try column("wallSeconds"), virtualSeconds: try column("virtualSeconds"),
          traceHash: try column("traceHash"), figures: figures[id] ?? [:], subject: try column("subject"))
        result.fileHash = try column("fileHash")
        result.audioHash = try column("audioHash")
        let tolerances: String? = try column("tolerances")
        for line in tolerances?.split(separator: "\n") ?? [] {
          guard let equals = line.firstIndex(of: "=") else { continue }
          result.tolerances[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return result
      }
    } catch let damage as DamagedRow {
      throw damage.error(path)
    } catch {
      throw HistoryError("\(path): cannot read run \(runID) (\(Self.describe(error)))")
    }
  }

  /// Each scenario file's wall time from the newest run that recorded it, for scheduling the
  /// longest scenarios first (``SuitePlan/startOrder(lastWallSeconds:)``).
  ///
  /// - Returns: Wall seconds keyed by the file as it was recorded.
  /// - Throws: ``HistoryError`` naming the file when it cannot be read.
  package func lastWallSeconds() throws(HistoryError) -> [String: Double] {
    do {
      return try pool.read { db in
        // A run is written in one transaction, so every stored row belongs to a complete run; the
        // highest id of a file is its newest result.
        let rows = try Row.fetchAll(
          db,
          sql:
            "SELECT file, wallSeconds FROM scenarioResult WHERE id IN (SELECT MAX(id) FROM scenarioResult GROUP BY file)"
        )
        // A damaged row only loses its scheduling hint (the order is a guess anyway).
        let pairs = rows.compactMap { row -> (String, Double)? in
          guard let file = try? row.decode(String.self, forColumn: "file"),
            let seconds = try? row.decode(Double.self, forColumn: "wallSeconds")
          else { return nil }
          return (file, seconds)
        }
        return Dictionary(pairs) { _, newer in newer }
      }
    } catch {
      throw HistoryError(
        "\(path): cannot read the run history (\(Self.describe(error))); check that it is an SQLite file speech-replay wrote"
      )
    }
  }

  /// Runs SQLite's `PRAGMA integrity_check`.
  ///
  /// - Returns: `ok`, or SQLite's description of the damage.
  /// - Throws: ``HistoryError`` naming the file when it cannot be read.
  package func integrityCheck() throws(HistoryError) -> String {
    do {
      return try pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n") }
    } catch {
      throw HistoryError(
        "\(path): cannot check the database (\(Self.describe(error))); move the file away to start a new history")
    }
  }

  private static func metadata(_ column: DamagedRowReading) throws(DamagedRow) -> RunMetadata {
    let seed: Int64? = try column("seed")
    var metadata = RunMetadata(
      startedAt: try column("startedAt"), gitCommit: try column("gitCommit"), seed: seed.map { UInt64(bitPattern: $0) },
      mode: try column("mode"), shard: try column("shard"), host: try column("host"),
      toolVersion: try column("toolVersion"), label: try column("label"))
    let paths: String? = try column("paths")
    metadata.paths = paths.map { $0.split(separator: "\n").map(String.init) } ?? []
    metadata.toolCommit = try column("toolCommit")
    metadata.machine = try column("machine")
    return metadata
  }

  /// SQLite's own message, without GRDB's statement dump.
  static func describe(_ error: any Error) -> String {
    if let error = error as? DatabaseError {
      if error.resultCode == .SQLITE_NOTADB { return "it is not an SQLite database" }
      return error.message ?? "SQLite error \(error.resultCode.rawValue)"
    }
    return String(describing: error)
  }
}

/// A row's columns read with an error instead of GRDB's trap: a damaged or hand-edited history can
/// hold NULL or text where speech-replay wrote numbers and dates.
private struct DamagedRowReading {
  let row: Row
  let table: String

  func callAsFunction<Value: DatabaseValueConvertible>(_ name: String) throws(DamagedRow) -> Value {
    do { return try row.decode(Value.self, forColumn: name) } catch {
      let stored = (row[name] as DatabaseValue?).map { String(describing: $0) } ?? "nothing"
      // `Optional<Date>` reads as "Date or NULL".
      var expected = "\(Value.self)"
      if expected.hasPrefix("Optional<") { expected = expected.dropFirst(9).dropLast() + " or NULL" }
      throw DamagedRow(table: table, column: name, stored: stored, expected: expected)
    }
  }
}

/// What ``DamagedRowReading`` found: a column holding what speech-replay never writes there.
private struct DamagedRow: Error {
  let table: String
  let column: String
  let stored: String
  let expected: String

  func error(_ path: String) -> HistoryError {
    HistoryError(
      "\(path): the run history is damaged: a row of its \(table) table holds \(stored) in \(column), where speech-replay writes \(expected); move the file away to start a new history"
    )
  }
}
