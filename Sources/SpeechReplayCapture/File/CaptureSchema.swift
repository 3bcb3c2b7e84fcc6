import GRDB

/// The capture file's SQLite schema and its version (`PRAGMA user_version`, also in `meta`).
///
/// Version 1 (Documentation/Captures.md describes each column):
/// `meta(key, value)`, `formats(id, sample_rate, channel_count, common_format, interleaved)`,
/// `buffers(seq, format_id, frame_count, sample_time, host_time, capture_ns, data)`,
/// `events(seq, kind, capture_ns, wall_time, payload)` and
/// `gaps(seq, before_buffer, buffers, frames, capture_ns, reason)`.
enum CaptureSchema {
  /// The schema this code writes, and the newest it reads.
  static let version = 1

  /// Meta keys.
  enum Key {
    static let schemaVersion = "schema_version"
    static let header = "header"
    static let startedAt = "started_at"
    static let finishedAt = "finished_at"
    static let recorder = "recorder"
  }

  /// Creates the tables of a new capture.
  static func create(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
        CREATE TABLE formats (
          id INTEGER PRIMARY KEY, sample_rate REAL NOT NULL, channel_count INTEGER NOT NULL,
          common_format INTEGER NOT NULL, interleaved INTEGER NOT NULL);
        CREATE TABLE buffers (
          seq INTEGER PRIMARY KEY, format_id INTEGER NOT NULL REFERENCES formats(id), frame_count INTEGER NOT NULL,
          sample_time INTEGER, host_time INTEGER, capture_ns INTEGER NOT NULL, data BLOB NOT NULL);
        CREATE TABLE events (
          seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, capture_ns INTEGER NOT NULL, wall_time REAL NOT NULL, payload TEXT NOT NULL);
        CREATE TABLE gaps (
          seq INTEGER PRIMARY KEY, before_buffer INTEGER, buffers INTEGER NOT NULL, frames INTEGER NOT NULL,
          capture_ns INTEGER NOT NULL, reason TEXT NOT NULL);
        PRAGMA user_version = \(version);
        """)
    try db.execute(sql: "INSERT INTO meta (key, value) VALUES (?, ?)", arguments: [Key.schemaVersion, String(version)])
  }
}
