/// An append-only array of plain-data records (no references: numbers, ranges, optionals of them)
/// that keeps the newest in memory and writes the older ones, as raw bytes, to an unlinked temporary
/// file past a bound, like the trace (``TraceSpill``): what a monitor keeps per tap buffer stays
/// flat in memory over an hours-long run.
///
/// Reads like an array: by index (the newest from memory; older ones from the file a chunk at a
/// time, the last chunk read kept) and in order. Copies share the file, which only grows, so a
/// copy taken at the end of a run reads what was appended before it. A folder that cannot hold the
/// file keeps every record in memory.
public struct RecordLog<Record: Sendable>: RandomAccessCollection, Sendable {
  public typealias Index = Int
  public typealias Element = Record

  private var spilled: SpilledRecords<Record>?
  private var spilledCount = 0
  private var recent: [Record] = []
  private let recordsInMemory: Int
  private let directory: String
  private var failed = false

  /// An empty log.
  /// - Parameters:
  ///   - recordsInMemory: Records kept in memory before the older ones go to the file.
  ///   - directory: The folder of the temporary file (default: the trace's, ``TraceSpill/default``).
  public init(recordsInMemory: Int = 16_384, directory: String = TraceSpill.default.directory) {
    // Written and read back as raw bytes: a record that held a reference would dangle.
    precondition(_isPOD(Record.self), "RecordLog holds plain-data records only, not \(Record.self)")
    self.recordsInMemory = Swift.max(1, recordsInMemory)
    self.directory = directory
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { spilledCount + recent.count }

  public subscript(position: Int) -> Record {
    if position >= spilledCount { return recent[position - spilledCount] }
    precondition(position >= 0, "RecordLog index out of range")
    return spilled![position]
  }

  /// Whether some records were written to the file.
  public var isSpilled: Bool { spilledCount > 0 }

  /// Adds `record` at the end.
  /// - Parameter record: The record.
  public mutating func append(_ record: Record) {
    recent.append(record)
    if recent.count >= recordsInMemory, !failed { spill() }
  }

  private mutating func spill() {
    do throws(TraceSpillError) {
      if spilled == nil { spilled = SpilledRecords(file: try TraceSpillFile(directory: directory)) }
      try spilled!.append(recent, directory: directory)
      spilledCount += recent.count
      recent.removeAll(keepingCapacity: true)
    } catch {
      failed = true
    }
  }
}
