import GRDB
import SpeechReplay

extension HistoryStore {
  /// The schema, as GRDB migrations: add a new migration for every change, never edit a shipped one.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: runs, scenario results, figures") { db in
      try db.create(table: "run") { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("startedAt", .datetime).notNull()
        table.column("gitCommit", .text)
        table.column("seed", .integer)
        table.column("mode", .text).notNull()
        table.column("shard", .text)
        table.column("host", .text).notNull()
        table.column("toolVersion", .text).notNull()
        // How many results the run wrote: a run is complete when that many rows exist.
        table.column("scenarioCount", .integer).notNull()
      }
      try db.create(table: "scenarioResult") { table in
        table.autoIncrementedPrimaryKey("id")
        table.belongsTo("run", onDelete: .cascade).notNull()
        table.column("name", .text).notNull()
        table.column("file", .text).notNull()
        table.column("status", .text).notNull()
        table.column("seed", .integer).notNull()
        table.column("wallSeconds", .double).notNull()
        table.column("virtualSeconds", .double).notNull()
        table.column("traceHash", .text).notNull()
      }
      try db.create(table: "figure") { table in
        table.autoIncrementedPrimaryKey("id")
        table.belongsTo("result", inTable: "scenarioResult", onDelete: .cascade).notNull()
        table.column("name", .text).notNull()
        table.column("value", .double).notNull()
        table.column("kind", .text).notNull()
      }
    }
    // `run --label`: what the trend page names a run by (the commit's first 12 digits by default).
    migrator.registerMigration("v2: run label") { db in
      try db.alter(table: "run") { table in table.add(column: "label", .text) }
    }
    // `run --subject a,b`: one run holds each scenario once per subject; results are keyed by both.
    migrator.registerMigration("v3: scenario result subject") { db in
      try db.alter(table: "scenarioResult") { table in table.add(column: "subject", .text) }
    }
    // What a run ran: the paths it was given, the tool's commit, the machine; each result's
    // scenario-file and audio fingerprints (content hashes), so `compare` tells an edit from a
    // regression, and the scenario's own `expect.tolerances` (`figure=tolerance` lines).
    migrator.registerMigration("v4: fingerprints, paths, tool commit, machine") { db in
      try db.alter(table: "run") { table in
        table.add(column: "paths", .text)
        table.add(column: "toolCommit", .text)
        table.add(column: "machine", .text)
      }
      try db.alter(table: "scenarioResult") { table in
        table.add(column: "fileHash", .text)
        table.add(column: "audioHash", .text)
        table.add(column: "tolerances", .text)
      }
    }
    return migrator
  }

  /// The history schema version this code writes and reads: how many migrations it knows.
  static var schemaVersion: Int { migrator.migrations.count }

  /// Throws when `db` holds tables but is not a run history, or was migrated by a newer speech-replay.
  ///
  /// An empty database (a new file) passes: the writer then creates the schema. So does one that
  /// holds only GRDB's migration table: another writer creating the history at this moment has
  /// made it but not yet committed its first migration.
  static func checkOwnership(_ db: Database, path: String) throws {
    let tables = try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    guard tables.contains(where: { $0 != "grdb_migrations" }) else { return }
    let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
    let notAHistory = HistoryError(
      "\(path): this SQLite database is not a speech-replay run history (its tables: \(shown)); name the history with --history PATH, or move this file away"
    )
    guard tables.contains("grdb_migrations"), tables.contains("run") else { throw notAHistory }
    // Another GRDB application's database has a migration table too (of another shape, or with
    // other migrations): it is not a history, not one from a newer speech-replay. The first
    // migration is committed with the tables it creates, so every history has it.
    guard let applied = try? migrator.appliedIdentifiers(db), let first = migrator.migrations.first,
      applied.contains(first)
    else { throw notAHistory }
    let known = Set(migrator.migrations)
    if !applied.isSubset(of: known) {
      throw HistoryError(
        "\(path): the history was written by a newer speech-replay (history schema version \(applied.count)); this one reads versions up to \(schemaVersion). Update speech-replay, or record into another file with --history PATH"
      )
    }
  }

  /// Applies the migrations.
  ///
  /// Two processes opening a new history at once can both see it unmigrated; the loser's migration
  /// finds the database busy or locked (or the table the winner just created) and rolls back, and a
  /// second pass finds it applied. Any other error (a file that is not a history, a full disk) is
  /// thrown at once.
  static func migrate(_ pool: any DatabaseWriter) throws {
    do {
      try migrator.migrate(pool)
    } catch let error as DatabaseError where isContention(error) {
      try migrator.migrate(pool)
    }
  }

  /// Whether `error` is another writer getting there first, which a second pass resolves.
  static func isContention(_ error: DatabaseError) -> Bool {
    switch error.resultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED: true
    // The winner created the table between the loser's check and its CREATE TABLE.
    case .SQLITE_ERROR: error.message?.contains("already exists") == true
    default: false
    }
  }
}
