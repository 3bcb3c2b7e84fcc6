import GRDB

extension CaptureFile {
  /// The buffers table read without the audio: how many buffers, where the audio ends, frames per
  /// format, and the sample-time jumps between buffers. A damaged table is read as far as it goes:
  /// the buffers before the damage are kept, and ``damage`` says where it starts.
  struct BufferIndex {
    /// Buffers read.
    var count = 0
    /// Seconds of audio up to the end of the last buffer.
    var end = 0.0
    /// Frames of all buffers per format.
    var framesPerFormat: [CaptureFormat: Int] = [:]
    /// Sample-time jumps between consecutive buffers of one format (not at a recorded overflow).
    var jumps: [CaptureGap] = []
    /// Where the table is damaged, when it is.
    var damage: String?
    private var previous: (formatID: Int64, sampleTime: Int64?, frames: Int)?

    /// Reads the buffers table of the capture at `path` (named in errors).
    /// - Parameter overflowBefore: Buffers the recorder wrote an overflow gap before (no jump there).
    /// - Throws: ``CaptureError`` for a row that holds something else than a capture's values.
    static func read(
      _ db: Database, path: String, formatsByID: [Int64: CaptureFormat], overflowBefore: Set<Int>
    ) throws -> BufferIndex {
      var index = BufferIndex()
      var pages = Pages(db: db)
      while let row = pages.next() {
        try index.add(row, path: path, formatsByID: formatsByID, overflowBefore: overflowBefore)
      }
      index.damage = pages.damage
      return index
    }

    private mutating func add(
      _ row: Row, path: String, formatsByID: [Int64: CaptureFormat], overflowBefore: Set<Int>
    ) throws {
      let column = Column(row: row, table: "buffers", path: path)
      let seq: Int = try column("seq")
      let formatID: Int64 = try column("format_id")
      let frames: Int = try column("frame_count")
      let sampleTime: Int64? = try column("sample_time")
      let nanoseconds: Int64 = try column("capture_ns")
      let format = formatsByID[formatID]
      let rate = format?.sampleRate ?? 0
      count += 1
      // Saturating: a damaged file's frame counts may be anywhere in Int (the importer refuses them by name).
      if let format {
        framesPerFormat[format, default: 0] = framesPerFormat[format, default: 0].addingSaturated(frames)
      }
      end = max(end, Double(nanoseconds) / 1e9 + (rate > 0 ? Double(frames) / rate : 0))
      if let previous, previous.formatID == formatID, let before = previous.sampleTime, let now = sampleTime,
        !overflowBefore.contains(seq)
      {
        // Wrapping arithmetic: a damaged file's sample times may be anywhere in Int64.
        let expected = before &+ Int64(truncatingIfNeeded: previous.frames)
        let (missing, overflow) = now.subtractingReportingOverflow(expected)
        if now > expected, !overflow {
          jumps.append(
            CaptureGap(
              beforeBuffer: seq, buffers: 0, frames: Int(missing), audioTime: Double(nanoseconds) / 1e9,
              reason: .sampleTimeJump))
        }
      }
      previous = (formatID, sampleTime, frames)
    }

    /// The buffers table's rows in pages, each statement run to its end, so a damaged page ends
    /// the reading cleanly; a page that fails is read row by row to keep every buffer before the damage.
    private struct Pages {
      let db: Database
      var rows: [Row] = []
      var position = 0
      var nextSeq = Int64.min
      var damaged = false
      var yielded = 0
      var damage: String?

      init(db: Database) { self.db = db }

      mutating func next() -> Row? {
        if position == rows.count {
          if damaged || !fetchPage() { return nil }
        }
        defer {
          position += 1
          yielded += 1
        }
        return rows[position]
      }

      /// Reads the next page; false when there is none.
      private mutating func fetchPage() -> Bool {
        do {
          rows = try fetch(after: nextSeq, limit: 512)
        } catch {
          rows = []
          // Row by row while the sequence numbers move on (a damaged one ends it: no reading forever).
          while let one = try? fetch(after: nextSeq, limit: 1), let row = one.first, let seq: Int64 = row["seq"],
            seq > nextSeq
          {
            rows.append(row)
            nextSeq = seq
          }
          damage =
            "damaged after tap buffer \(yielded + rows.count) (\(CaptureFile.describe(error))): the buffers before it are read"
          damaged = true
        }
        position = 0
        if rows.isEmpty { return false }
        // A sequence number that does not move on (NULL, text, damaged) would read the same page
        // forever: what was read is kept (once), and the reading ends as at any damage.
        guard let last: Int64 = rows.last?["seq"], last > nextSeq else {
          if !damaged {
            damage =
              "damaged after tap buffer \(yielded) (its sequence numbers do not increase): the buffers before it are read"
          }
          damaged = true
          return true
        }
        nextSeq = last
        return true
      }

      private func fetch(after seq: Int64, limit: Int) throws -> [Row] {
        try Row.fetchAll(
          db,
          sql:
            "SELECT seq, format_id, frame_count, sample_time, capture_ns FROM buffers WHERE seq > ? ORDER BY seq LIMIT ?",
          arguments: [seq, limit])
      }
    }
  }
}
