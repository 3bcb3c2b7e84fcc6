internal import Synchronization

/// The part of a trace that went to its spill file (``TraceSpill``): read-only, decoded a chunk at
/// a time. Shared by every copy of the ``TraceLog`` that holds it; the file goes with the last one.
final class SpilledTraceEvents: Sendable {
  /// One block of consecutive events in the file.
  struct Chunk: Sendable {
    var offset: Int
    var length: Int
    var first: Int
    var count: Int
  }

  let file: TraceSpillFile
  let codec: TraceEventCodec
  let chunks: [Chunk]
  /// Events in the file.
  let count: Int
  /// The chunk last decoded for subscripting, so reading by index in order decodes each chunk once.
  private let cache = Mutex<(chunk: Int, events: [TraceEvent])?>(nil)

  init(file: TraceSpillFile, codec: TraceEventCodec, chunks: [Chunk]) {
    self.file = file
    self.codec = codec
    self.chunks = chunks
    self.count = chunks.last.map { $0.first + $0.count } ?? 0
  }

  /// The events of chunk `index`, decoded.
  func events(ofChunk index: Int) -> [TraceEvent] {
    let chunk = chunks[index]
    return codec.decode(file.read(offset: chunk.offset, length: chunk.length), first: chunk.first, count: chunk.count)
  }

  /// The events of chunk `index` whose kind numbers are `wanted` (``TraceEventCodec/wanted(_:)``).
  func events(ofChunk index: Int, wanted: [Bool]) -> [TraceEvent] {
    let chunk = chunks[index]
    return codec.decode(
      file.read(offset: chunk.offset, length: chunk.length), first: chunk.first, count: chunk.count, wanted: wanted)
  }

  /// How many events of chunk `index` have kind numbers that are `wanted`, decoding none.
  func count(ofChunk index: Int, wanted: [Bool]) -> Int {
    let chunk = chunks[index]
    return codec.count(file.read(offset: chunk.offset, length: chunk.length), count: chunk.count, wanted: wanted)
  }

  /// The event at `position` (0 ..< ``count``).
  subscript(position: Int) -> TraceEvent {
    let index = chunkIndex(of: position)
    if let hit = cache.withLock({ cached in cached.flatMap { $0.chunk == index ? $0.events : nil } }) {
      return hit[position - chunks[index].first]
    }
    let events = events(ofChunk: index)
    cache.withLock { $0 = (index, events) }
    return events[position - chunks[index].first]
  }

  private func chunkIndex(of position: Int) -> Int {
    var low = 0
    var high = chunks.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if chunks[middle].first <= position { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
