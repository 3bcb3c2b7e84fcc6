import Foundation
import GRDB

extension CaptureFile {
  /// Everything a capture holds but its audio, read once when it is opened: one reader per table
  /// (meta, formats, gaps, buffers, events), each keeping what a damaged table still holds.
  struct Loaded {
    var version: Int
    var header: CaptureHeader
    var formatsByID: [Int64: CaptureFormat]
    var formats: [CaptureFormat]
    var bufferCount: Int
    var events: [CaptureEvent]
    var gaps: [CaptureGap]
    var duration: Double
    var isFinished: Bool
    var framesPerFormat: [CaptureFormat: Int]
    var unreadable: String?
    /// Events of kinds this version does not know (a newer recorder's), by kind name and count.
    var skippedKinds: [String: Int] = [:]

    /// Reads every table of the capture at `path` (named in errors).
    /// - Throws: ``CaptureError`` for a file that is not a capture, a newer schema, or a damaged
    ///   header, format, gap or event row.
    static func read(_ db: Database, path: String) throws -> Loaded {
      let version = try readVersion(db, path: path)
      let meta = try readMeta(db, path: path)
      guard let headerText = meta[CaptureSchema.Key.header],
        let header = try? JSONDecoder().decode(CaptureHeader.self, from: Data(headerText.utf8))
      else {
        throw CaptureError(
          .notACapture, path: path, message: "has no readable header; the recorder did not get to its first commit.")
      }
      let (formatsByID, formats) = try readFormats(db, path: path)
      // Ring overflows the recorder wrote, then the sample-time jumps the buffer index finds.
      var gaps = try readGaps(db, path: path)
      let index = try BufferIndex.read(
        db, path: path, formatsByID: formatsByID, overflowBefore: Set(gaps.compactMap(\.beforeBuffer)))
      gaps += index.jumps
      var end = index.end
      for gap in gaps where gap.beforeBuffer == nil {
        let rate = formats.last?.sampleRate ?? 0
        end = max(end, gap.audioTime + (rate > 0 ? Double(gap.frames) / rate : 0))
      }
      gaps.sort { $0.audioTime < $1.audioTime }
      let (events, eventDamage, skippedKinds) = try readEvents(db, path: path)
      let unreadable = [index.damage, eventDamage].compactMap { $0 }
      return Loaded(
        version: version, header: header, formatsByID: formatsByID, formats: formats, bufferCount: index.count,
        events: events, gaps: gaps, duration: end, isFinished: meta[CaptureSchema.Key.finishedAt] != nil,
        framesPerFormat: index.framesPerFormat,
        unreadable: unreadable.isEmpty ? nil : unreadable.joined(separator: "; "), skippedKinds: skippedKinds)
    }

    /// The schema version, once the file is known to be a capture this code reads.
    private static func readVersion(_ db: Database, path: String) throws -> Int {
      let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
      if version > CaptureSchema.version { throw CaptureFile.newerSchemaError(path: path, found: version) }
      if version < 1, try db.tableExists("meta"), try db.tableExists("buffers") {
        throw CaptureError(
          .notACapture, path: path,
          message:
            "is a capture of an older schema (version \(version), from before capture files were versioned); this speech-replay reads schema version \(CaptureSchema.version). Record the session again with the current SpeechReplayCapture"
        )
      }
      guard version >= 1, try db.tableExists("meta"), try db.tableExists("buffers") else {
        throw CaptureError(
          .notACapture, path: path,
          message:
            "is an SQLite file but not a capture (it has no capture tables). Check the path: captures are .speechcapture files written by SpeechReplayCapture"
        )
      }
      return version
    }

    /// The meta table: key to value (the first of a repeated key).
    private static func readMeta(_ db: Database, path: String) throws -> [String: String] {
      try Dictionary(
        Row.fetchAll(db, sql: "SELECT key, value FROM meta").map { (row: Row) -> (String, String) in
          let column = Column(row: row, table: "meta", path: path)
          return (try column("key"), try column("value"))
        },
        uniquingKeysWith: { first, _ in first })
    }

    /// The formats table: by id, and in order of first use.
    private static func readFormats(
      _ db: Database, path: String
    ) throws -> (byID: [Int64: CaptureFormat], inOrder: [CaptureFormat]) {
      var formatsByID: [Int64: CaptureFormat] = [:]
      var formats: [CaptureFormat] = []
      for row in try Row.fetchAll(
        db, sql: "SELECT id, sample_rate, channel_count, common_format, interleaved FROM formats ORDER BY id")
      {
        let column = Column(row: row, table: "formats", path: path)
        let common: Int64 = try column("common_format")
        let format = CaptureFormat(
          sampleRate: try column("sample_rate"), channelCount: try column("channel_count"),
          commonFormat: UInt(clamping: common),
          isInterleaved: try column("interleaved"))
        formatsByID[try column("id")] = format
        formats.append(format)
      }
      return (formatsByID, formats)
    }

    /// The gaps table: the ring overflows the recorder wrote.
    private static func readGaps(_ db: Database, path: String) throws -> [CaptureGap] {
      try Row.fetchAll(
        db, sql: "SELECT before_buffer, buffers, frames, capture_ns, reason FROM gaps ORDER BY seq"
      ).map { row in
        let column = Column(row: row, table: "gaps", path: path)
        let nanoseconds: Int64 = try column("capture_ns")
        let reason: String = try column("reason")
        return CaptureGap(
          beforeBuffer: try column("before_buffer"), buffers: try column("buffers"), frames: try column("frames"),
          audioTime: Double(nanoseconds) / 1e9,
          reason: CaptureGap.Reason(rawValue: reason) ?? .ringOverflow)
      }
    }

    /// The events table, read up to any damage, and what the damage left unread.
    private static func readEvents(
      _ db: Database, path: String
    ) throws -> ([CaptureEvent], damage: String?, skippedKinds: [String: Int]) {
      var damage: String?
      var rows: [Row] = []
      do {
        rows = try Row.fetchAll(db, sql: "SELECT seq, capture_ns, wall_time, payload FROM events ORDER BY seq")
      } catch {
        // Row by row up to the damage.
        var last = Int64.min
        while let one = try? Row.fetchAll(
          db, sql: "SELECT seq, capture_ns, wall_time, payload FROM events WHERE seq > ? ORDER BY seq LIMIT 1",
          arguments: [last]),
          let row = one.first,
          // A sequence number that does not move on would read the same row forever.
          let seq: Int64 = row["seq"], seq > last
        {
          rows.append(row)
          last = seq
        }
        damage =
          "events damaged after event \(rows.count) (\(CaptureFile.describe(error))): the events before it are read"
      }
      let decoder = JSONDecoder()
      var events: [CaptureEvent] = []
      var skippedKinds: [String: Int] = [:]
      for row in rows {
        switch try event(row, decoder: decoder, path: path) {
        case .known(let event): events.append(event)
        case .unknownKind(let name): skippedKinds[name, default: 0] += 1
        }
      }
      return (events, damage, skippedKinds)
    }

    /// An event row: one this version reads, or one of a kind it does not know (skipped, counted).
    private enum EventRow {
      case known(CaptureEvent)
      case unknownKind(String)
    }

    /// One row of the events table.
    private static func event(_ row: Row, decoder: JSONDecoder, path: String) throws -> EventRow {
      let column = Column(row: row, table: "events", path: path)
      let payload: String = try column("payload")
      let nanoseconds: Int64 = try column("capture_ns")
      let wall: Double = try column("wall_time")
      let seq: Int = try column("seq")
      let kind: CaptureEvent.Kind
      do {
        kind = try decoder.decode(CaptureEvent.Kind.self, from: Data(payload.utf8))
      } catch {
        if let unknown = CaptureEvent.Kind.unknownKindName(ofPayload: payload) { return .unknownKind(unknown) }
        throw CaptureError(
          .notACapture, path: path,
          message:
            "is damaged: event \(seq) holds a payload this version cannot read (\(CaptureFile.describe(error))). Import a window before it (--to), or update speech-replay"
        )
      }
      return .known(
        CaptureEvent(
          index: seq, audioTime: Double(nanoseconds) / 1e9, wallTime: Date(timeIntervalSince1970: wall), kind: kind))
    }
  }
}
