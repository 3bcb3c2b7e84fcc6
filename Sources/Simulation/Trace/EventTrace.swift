internal import Synchronization

/// The ordered, typed event log of one run, stamped with virtual time.
///
/// Record from simulated code through `Simulation.current?.trace`. Recording is thread-safe,
/// but only events recorded from the simulation thread have a deterministic order.
///
/// The trace hash is folded as events are recorded. Past ``TraceSpill/eventsInMemory`` events the
/// older ones go to a temporary file in a compact form (``TraceSpill``), so an hours-long run
/// keeps its memory flat; ``log`` reads them all back.
public final class EventTrace: Sendable {
  private let storage = Mutex<State>(State())
  private let clock: @Sendable () -> Duration
  private let spill: TraceSpill

  init(clock: @escaping @Sendable () -> Duration, spill: TraceSpill = .never) {
    self.clock = clock
    self.spill = spill
  }

  /// Records an event at the current virtual time.
  /// - Parameters:
  ///   - kind: What happened.
  ///   - fields: Details in order, such as `["frames": "4800", "format": "48000 Hz"]`.
  /// - Returns: The recorded event.
  @discardableResult
  public func record(_ kind: TraceEvent.Kind, _ fields: KeyValuePairs<String, String> = [:]) -> TraceEvent {
    record(kind, fields: fields.map { TraceEvent.Field($0.key, $0.value) })
  }

  /// Records an event with fields already built.
  /// - Parameters:
  ///   - kind: What happened.
  ///   - fields: Details in order.
  /// - Returns: The recorded event.
  @discardableResult
  public func record(_ kind: TraceEvent.Kind, fields: [TraceEvent.Field]) -> TraceEvent {
    let time = clock()
    return storage.withLock { state in
      let event = TraceEvent(sequence: state.count, time: time, kind: kind, fields: fields)
      event.hashCanonicalLine(into: &state.hash)
      state.recent.append(event)
      state.count += 1
      if state.recent.count >= spill.eventsInMemory, state.spillError == nil { state.spillRecent(spill) }
      return event
    }
  }

  /// Every event so far, in order, in memory. For a long run prefer ``log``, which streams.
  public var events: [TraceEvent] { Array(log) }

  /// Every event so far, in order: those kept in memory and those read back from the spill file.
  public var log: TraceLog {
    storage.withLock { state in
      TraceLog(
        spilled: state.writer.map { SpilledTraceEvents(file: $0.file, codec: $0.codec, chunks: $0.chunks) },
        recent: state.recent)
    }
  }

  /// How many events were recorded.
  public var count: Int { storage.withLock { $0.count } }

  /// Stable FNV-1a 64 hash of the canonical lines of the events so far, as 16 hex digits (the
  /// `stableHash` of ``events``), folded as they were recorded.
  public var stableHash: String { storage.withLock { $0.hash.hexDigest } }

  /// Why the trace could not be spilled to its file (it was then kept in memory), or nil.
  public var spillError: TraceSpillError? { storage.withLock { $0.spillError } }

  /// The events at `positions` (clamped to those recorded).
  /// - Parameter positions: Sequence numbers.
  /// - Returns: The events, in order.
  public func events(in positions: Range<Int>) -> [TraceEvent] {
    let log = log
    return Array(log[positions.clamped(to: log.indices)])
  }

  private struct State {
    var recent: [TraceEvent] = []
    var count = 0
    var hash = StableHash()
    var writer: Writer?
    var spillError: TraceSpillError?

    /// Writes the events kept in memory to the file in chunks; on an error keeps what was not
    /// written in memory and stops spilling.
    mutating func spillRecent(_ spill: TraceSpill) {
      var written = 0
      do throws(TraceSpillError) {
        if writer == nil { writer = Writer(file: try TraceSpillFile(directory: spill.directory)) }
        while written < recent.count {
          let end = min(written + spill.eventsPerChunk, recent.count)
          try writer!.write(recent[written..<end], first: count - recent.count + written, directory: spill.directory)
          written = end
        }
        recent.removeAll(keepingCapacity: true)
      } catch {
        spillError = error
        recent.removeFirst(written)
      }
    }
  }

  /// The spill file's writer: the encoder's tables and where each chunk went.
  private struct Writer {
    let file: TraceSpillFile
    var codec = TraceEventCodec()
    var chunks: [SpilledTraceEvents.Chunk] = []
    var bytes: [UInt8] = []

    init(file: TraceSpillFile) { self.file = file }

    mutating func write(_ events: ArraySlice<TraceEvent>, first: Int, directory: String) throws(TraceSpillError) {
      bytes.removeAll(keepingCapacity: true)
      for event in events { codec.encode(event, into: &bytes) }
      let offset = try file.append(bytes, directory: directory)
      chunks.append(.init(offset: offset, length: bytes.count, first: first, count: events.count))
    }
  }
}
