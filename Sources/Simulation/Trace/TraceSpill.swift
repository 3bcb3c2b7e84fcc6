internal import Foundation

/// Where a long run's trace goes once it outgrows memory: past ``eventsInMemory`` events, the
/// older ones are written in a compact binary form to a temporary file in ``directory`` (removed
/// from the folder at once, so nothing is left behind even when the process is killed) and read
/// back in a streaming pass by whoever reads the trace (``TraceLog``).
///
/// The trace hash is folded as events are recorded, so spilling never changes it, and a spilled
/// trace reads back event for event as the one kept in memory.
public struct TraceSpill: Sendable, Equatable {
  /// Events kept in memory before the older ones are written to the file; `Int.max` never spills.
  public var eventsInMemory: Int
  /// The folder of the temporary file.
  public var directory: String

  /// Creates a spill setting.
  /// - Parameters:
  ///   - eventsInMemory: Events kept in memory before older ones go to the file (at least 1).
  ///   - directory: The folder of the temporary file.
  public init(eventsInMemory: Int, directory: String) {
    self.eventsInMemory = max(1, eventsInMemory)
    self.directory = directory
  }

  /// Events kept in memory by default: 32,768, about 12 MB of events, more than the bundled suite's
  /// longest scenario (the ten-minute session records 18,112), so only hour-long runs spill.
  public static let defaultEventsInMemory = 32_768

  /// The default: ``defaultEventsInMemory`` (or `SPEECH_REPLAY_TRACE_EVENTS_IN_MEMORY`) events in
  /// memory, the file in `SPEECH_REPLAY_TRACE_DIR`, else `TMPDIR`, else `/tmp` (read once per process).
  public static let `default`: TraceSpill = {
    let environment = ProcessInfo.processInfo.environment
    let events = environment["SPEECH_REPLAY_TRACE_EVENTS_IN_MEMORY"].flatMap { Int($0) } ?? defaultEventsInMemory
    let directory =
      [environment["SPEECH_REPLAY_TRACE_DIR"], environment["TMPDIR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "/tmp"
    return TraceSpill(eventsInMemory: events, directory: directory)
  }()

  /// Keeps every event in memory.
  public static let never = TraceSpill(eventsInMemory: .max, directory: "/tmp")

  /// How many events go to the file in one block, which is what a reader decodes at a time.
  var eventsPerChunk: Int { max(1, min(4_096, eventsInMemory)) }
}
