internal import Synchronization

/// The records of a ``RecordLog`` in its file: raw bytes, read back a chunk at a time.
final class SpilledRecords<Record: Sendable>: Sendable {
  static var recordsPerChunk: Int { 4_096 }
  let file: TraceSpillFile
  private let cache = Mutex<(chunk: Int, records: [Record])?>(nil)

  init(file: TraceSpillFile) { self.file = file }

  /// Writes `records` after those already in the file (the writer is the log's only owner).
  func append(_ records: [Record], directory: String) throws(TraceSpillError) {
    let bytes = records.withUnsafeBytes { [UInt8]($0) }
    _ = try file.append(bytes, directory: directory)
  }

  subscript(position: Int) -> Record {
    let chunk = position / Self.recordsPerChunk
    let offset = position - chunk * Self.recordsPerChunk
    // A chunk read while it was the file's last and partial is read again once it is needed further.
    if let hit = cache.withLock({ cached in cached.flatMap { $0.chunk == chunk ? $0.records : nil } }),
      offset < hit.count
    {
      return hit[offset]
    }
    let stride = MemoryLayout<Record>.stride
    let first = chunk * Self.recordsPerChunk
    let count = Swift.min(Self.recordsPerChunk, file.size / stride - first)
    let bytes = file.read(offset: first * stride, length: count * stride)
    let records = [Record](unsafeUninitializedCapacity: count) { buffer, initialized in
      bytes.withUnsafeBytes { raw in
        UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
      }
      initialized = count
    }
    cache.withLock { $0 = (chunk, records) }
    return records[offset]
  }
}
