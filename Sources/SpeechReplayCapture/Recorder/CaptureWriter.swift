import Foundation
import GRDB
import Synchronization

/// The recorder's writer: a background thread (not a Swift-concurrency task, so recording a
/// simulated run adds nothing to its schedule) that drains the tap ring and the event queue and
/// commits them to the capture in one SQLite transaction every ``interval``.
final class CaptureWriter: @unchecked Sendable {
  // @unchecked: the database state below is touched only under `commitLock`; the thread flags
  // only under `condition`; `ring` and `events` are thread-safe.

  /// An event waiting for the next commit.
  struct PendingEvent: Sendable {
    var kind: CaptureEvent.Kind
    var captureNanoseconds: Int64
    var wallTime: Double
  }

  let path: String
  let ring: TapRing
  let events = Mutex<[PendingEvent]>([])
  let interval: TimeInterval
  private let onCommit: (@Sendable (CaptureRecorder.Statistics) -> Void)?

  private let commitLock = NSLock()
  private var database: DatabaseQueue?
  private var lock: CaptureFileLock?
  private var formatIDs: [CaptureFormat: Int64] = [:]
  private var nextBufferSeq: Int64 = 0
  private var nextEventSeq: Int64 = 0
  private var recordedDroppedBuffers = 0
  private var statistics = CaptureRecorder.Statistics()
  private var failure: CaptureError?
  private let encoder = JSONEncoder()

  private let condition = NSCondition()
  private var stopRequested = false
  private var threadRunning = false

  init(
    path: String, database: DatabaseQueue, lock: CaptureFileLock, ring: TapRing, interval: TimeInterval,
    onCommit: (@Sendable (CaptureRecorder.Statistics) -> Void)?
  ) {
    self.path = path
    self.database = database
    self.lock = lock
    self.ring = ring
    self.interval = interval
    self.onCommit = onCommit
    encoder.outputFormatting = [.sortedKeys]
  }

  // MARK: The thread

  func startThread() {
    condition.withLock { threadRunning = true }
    let thread = Thread { [self] in run() }
    thread.name = "SpeechReplayCapture writer"
    thread.start()
  }

  private func run() {
    condition.lock()
    while !stopRequested {
      _ = condition.wait(until: Date(timeIntervalSinceNow: interval))
      if stopRequested { break }
      condition.unlock()
      commit()
      condition.lock()
    }
    threadRunning = false
    condition.broadcast()
    condition.unlock()
  }

  private func stopThread() {
    condition.lock()
    stopRequested = true
    condition.broadcast()
    while threadRunning { condition.wait() }
    condition.unlock()
  }

  // MARK: Committing

  var currentStatistics: CaptureRecorder.Statistics { commitLock.withLock { statistics } }

  /// Commits everything pending in one transaction; a failure is kept and thrown by `finish()`.
  func commit() {
    let reported = commitLock.withLock { () -> CaptureRecorder.Statistics? in
      guard let database, failure == nil else { return nil }
      do {
        try database.write { db in try writePending(db) }
        statistics.commits += 1
        return statistics
      } catch {
        failure = CaptureError(
          .io, path: path, message: "writing the capture failed: \(error). Recording stopped at the last commit.")
        return nil
      }
    }
    if let reported { onCommit?(reported) }
  }

  /// Throws the first failure of a commit, if any.
  func checkFailure() throws {
    if let failure = commitLock.withLock({ failure }) { throw failure }
  }

  private func writePending(_ db: Database) throws {
    let insertBuffer = try db.cachedStatement(
      sql:
        "INSERT INTO buffers (seq, format_id, frame_count, sample_time, host_time, capture_ns, data) VALUES (?, ?, ?, ?, ?, ?, ?)"
    )
    try ring.drain { slot, data in
      let formatID = try formatID(slot.format, db)
      if slot.droppedBuffersBefore > 0 {
        let dropped =
          slot.sampleRate > 0 ? Int64((Double(slot.droppedFramesBefore) / slot.sampleRate * 1e9).rounded()) : 0
        try insertGap(
          db, before: nextBufferSeq, buffers: slot.droppedBuffersBefore, frames: slot.droppedFramesBefore,
          at: slot.captureNanoseconds - dropped)
        recordedDroppedBuffers += slot.droppedBuffersBefore
        statistics.buffersDropped += slot.droppedBuffersBefore
      }
      try insertBuffer.execute(arguments: [
        nextBufferSeq, formatID, slot.frames, slot.isSampleTimeValid ? slot.sampleTime : nil,
        slot.isHostTimeValid ? Int64(bitPattern: slot.hostTime) : nil, slot.captureNanoseconds, data,
      ])
      nextBufferSeq += 1
      statistics.buffersWritten += 1
      statistics.audioBytes += data.count
    }
    let pending = events.withLock { queue -> [PendingEvent] in
      defer { queue.removeAll(keepingCapacity: true) }
      return queue
    }
    let insertEvent = try db.cachedStatement(
      sql: "INSERT INTO events (seq, kind, capture_ns, wall_time, payload) VALUES (?, ?, ?, ?, ?)")
    for event in pending {
      let payload = String(decoding: try encoder.encode(event.kind), as: UTF8.self)
      try insertEvent.execute(arguments: [
        nextEventSeq, event.kind.name, event.captureNanoseconds, event.wallTime, payload,
      ])
      nextEventSeq += 1
      statistics.eventsWritten += 1
    }
  }

  private func formatID(_ format: CaptureFormat, _ db: Database) throws -> Int64 {
    if let id = formatIDs[format] { return id }
    let id = Int64(formatIDs.count)
    try db.execute(
      sql: "INSERT INTO formats (id, sample_rate, channel_count, common_format, interleaved) VALUES (?, ?, ?, ?, ?)",
      arguments: [id, format.sampleRate, format.channelCount, Int64(format.commonFormat), format.isInterleaved])
    formatIDs[format] = id
    return id
  }

  private func insertGap(_ db: Database, before: Int64?, buffers: Int, frames: Int, at nanoseconds: Int64) throws {
    try db.execute(
      sql: "INSERT INTO gaps (before_buffer, buffers, frames, capture_ns, reason) VALUES (?, ?, ?, ?, ?)",
      arguments: [before, buffers, frames, nanoseconds, CaptureGap.Reason.ringOverflow.rawValue])
  }

  // MARK: Ending

  /// Stops the thread, commits the rest (with a gap for buffers dropped at the very end), writes
  /// the clean-end marker when `cleanly`, folds the WAL into the file and releases the lock.
  func end(cleanly: Bool) throws {
    stopThread()
    commit()
    let outcome: Result<Void, CaptureError> = commitLock.withLock {
      defer {
        try? database?.close()
        database = nil
        lock?.release()
        lock = nil
      }
      if let failure { return .failure(failure) }
      guard let database else { return .success(()) }
      do {
        try database.write { db in
          let dropped = ring.droppedBuffers.load(ordering: .relaxed)
          if dropped > recordedDroppedBuffers {
            let frames = ring.droppedFrames.load(ordering: .relaxed) - (try statisticsFramesRecorded(db))
            try insertGap(
              db, before: nil, buffers: dropped - recordedDroppedBuffers, frames: frames,
              at: ring.captureNanoseconds.load(ordering: .relaxed))
            statistics.buffersDropped += dropped - recordedDroppedBuffers
            recordedDroppedBuffers = dropped
          }
          if cleanly {
            try db.execute(
              sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
              arguments: [CaptureSchema.Key.finishedAt, String(Date().timeIntervalSince1970)])
          }
        }
        // One self-contained file to share: the WAL folded in and the journal back to DELETE.
        try database.writeWithoutTransaction { db in
          try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
          try db.execute(sql: "PRAGMA journal_mode = DELETE")
        }
        return .success(())
      } catch {
        return .failure(CaptureError(.io, path: path, message: "closing the capture failed: \(error)"))
      }
    }
    try outcome.get()
  }

  private func statisticsFramesRecorded(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(frames), 0) FROM gaps") ?? 0
  }
}
