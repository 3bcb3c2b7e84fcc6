/// The events of a finished run, in order: a collection that reads like an array of
/// ``TraceEvent`` whether the run kept them all in memory or, being long, wrote the older ones to
/// a temporary file (``TraceSpill``).
///
/// Iterating (`for`, `filter`, `map`, `reduce`…) streams a spilled trace back a chunk at a time, so
/// reading an eight-hour session's trace needs no more memory than a few thousand events; reading
/// by index in order is as cheap. Copies share the file, which goes away with the last copy.
public struct TraceLog: RandomAccessCollection, Sendable, Equatable, Encodable {
  public typealias Index = Int
  public typealias Element = TraceEvent

  let spilled: SpilledTraceEvents?
  /// The events after the spilled ones (all of them when nothing was spilled).
  private(set) var recent: [TraceEvent]
  private let spilledCount: Int

  /// A log of `events` kept in memory (for tests and hand-built timelines).
  /// - Parameter events: The events, in order.
  public init(_ events: [TraceEvent] = []) {
    self.init(spilled: nil, recent: events)
  }

  init(spilled: SpilledTraceEvents?, recent: [TraceEvent]) {
    self.spilled = spilled
    self.recent = recent
    self.spilledCount = spilled?.count ?? 0
  }

  /// Whether some events were read back from the spill file rather than kept in memory.
  public var isSpilled: Bool { spilledCount > 0 }

  public var startIndex: Int { 0 }
  public var endIndex: Int { spilledCount + recent.count }

  public subscript(position: Int) -> TraceEvent {
    if position >= spilledCount { return recent[position - spilledCount] }
    precondition(position >= 0, "TraceLog index out of range")
    return spilled![position]
  }

  public func makeIterator() -> Iterator { Iterator(log: self) }

  /// Adds `event` at the end (for tests and hand-built timelines; its sequence number is the caller's).
  /// - Parameter event: The event.
  public mutating func append(_ event: TraceEvent) { recent.append(event) }

  public var underestimatedCount: Int { count }

  public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<TraceEvent>) throws -> R) rethrows -> R?
  {
    spilled == nil ? try recent.withUnsafeBufferPointer(body) : nil
  }

  /// Streams the events: a spilled chunk is decoded when reached and dropped when passed.
  public struct Iterator: IteratorProtocol {
    private let log: TraceLog
    private var chunk: [TraceEvent] = []
    private var inChunk = 0
    private var nextChunk = 0
    private var inRecent = 0

    init(log: TraceLog) { self.log = log }

    public mutating func next() -> TraceEvent? {
      if inChunk < chunk.count {
        inChunk += 1
        return chunk[inChunk - 1]
      }
      if let spilled = log.spilled, nextChunk < spilled.chunks.count {
        chunk = spilled.events(ofChunk: nextChunk)
        nextChunk += 1
        inChunk = 1
        return chunk[0]
      }
      if !chunk.isEmpty { chunk = [] }
      guard inRecent < log.recent.count else { return nil }
      inRecent += 1
      return log.recent[inRecent - 1]
    }
  }

  public static func == (lhs: TraceLog, rhs: TraceLog) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }

  /// Encodes as an array of events, as `[TraceEvent]` does.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for event in self { try container.encode(event) }
  }

  /// Stable FNV-1a 64 hash of the canonical lines, as 16 hex digits: the same as `[TraceEvent]`'s
  /// `stableHash` over the same events, worked out in one streaming pass.
  public var stableHash: String {
    var hash = StableHash()
    for event in self { event.hashCanonicalLine(into: &hash) }
    return hash.hexDigest
  }
}
