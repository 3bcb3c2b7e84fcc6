import Foundation
import Simulation
import SpeechReplayTestSupport
import Testing

/// A long run's trace goes to a temporary file past a bound (``TraceSpill``); whoever reads it must
/// get the same events and the same hash as from a trace kept in memory.
@Suite struct TraceSpillTests {
  /// Values the codec must carry byte for byte (escaping, quoting, multi-byte text, empty values).
  static let awkward = [
    "", "plain", "two words", "a=b", "quote\"d", "back\\slash", "tab\tcr\rnl\n", "ünïcødé", "e\u{301} =",
    "🎙️ mic", "x\u{0}y", String(repeating: "long ", count: 40),
  ]

  /// Records events of several kinds over virtual time, some with no fields and many with the same names.
  static func workload() async {
    let trace = Simulation.current!.trace
    for round in 0..<40 {
      for (index, value) in awkward.enumerated() {
        trace.record(TraceEvent.Kind("kind.\(index % 5)"), fields: [.init("value", value), .init("n", String(round))])
      }
      trace.record(.note)
      try? await VirtualClock().sleep(for: .nanoseconds(1_234_567 * Int64(round + 1)))
    }
  }

  static func run(_ spill: TraceSpill) throws -> Simulation.Report<Void> {
    var configuration = testConfiguration("trace spill")
    configuration.traceSpill = spill
    return try Simulation.run(configuration) { await workload() }
  }

  @Test func aSpilledTraceReadsBackAsTheTraceKeptInMemory() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let kept = try Self.run(.never)
    let spilled = try Self.run(TraceSpill(eventsInMemory: 7, directory: folder.path))
    #expect(!kept.trace.isSpilled)
    #expect(spilled.trace.isSpilled)
    #expect(spilled.traceSpillError == nil)
    #expect(spilled.trace.count == 40 * 13)
    #expect(spilled.trace == kept.trace)
    #expect(Array(spilled.trace) == Array(kept.trace))
    #expect(spilled.traceHash == kept.traceHash)
    #expect(spilled.traceHash == spilled.trace.stableHash)
    #expect(spilled.trace.map(\.sequence) == Array(0..<spilled.trace.count))
    // By index, out of order: each position decodes its own chunk.
    for position in [519, 0, 260, 7, 6, 518, 13, 300] {
      #expect(spilled.trace[position] == kept.trace[position], "event \(position)")
    }
    // A selection skips the other kinds in the file and keeps the sequence numbers.
    let kinds: [TraceEvent.Kind] = ["kind.3", .note]
    #expect(Array(spilled.trace.only(kinds)) == kept.trace.filter { kinds.contains($0.kind) })
    #expect(spilled.trace.only(kinds).count == kept.trace.count { kinds.contains($0.kind) })
    #expect(spilled.trace.only(kinds).count == kept.trace.only(kinds).count)
    #expect(Array(spilled.trace.only(["kind.9"])).isEmpty)
    #expect(spilled.trace.only(["kind.9"]).count == 0)
    // The file is removed from the folder at once: nothing is left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test(arguments: [1, 2, 12, 13, 14, 519, 520, 521])
  func everyBoundGivesTheSameTrace(_ eventsInMemory: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let kept = try Self.run(.never)
    let spilled = try Self.run(TraceSpill(eventsInMemory: eventsInMemory, directory: folder.path))
    #expect(spilled.trace.isSpilled == (eventsInMemory <= 520))
    #expect(spilled.trace == kept.trace)
    #expect(spilled.traceHash == kept.traceHash)
  }

  @Test func aFolderThatCannotHoldTheFileKeepsTheTraceInMemoryAndSaysWhy() throws {
    let missing = "/nonexistent-speech-replay-folder/traces"
    let kept = try Self.run(.never)
    let report = try Self.run(TraceSpill(eventsInMemory: 3, directory: missing))
    #expect(report.traceSpillError?.directory == missing)
    #expect(report.traceSpillError?.description.contains(missing) == true)
    #expect(report.traceSpillError?.description.contains("SPEECH_REPLAY_TRACE_DIR") == true)
    #expect(!report.trace.isSpilled)
    #expect(report.trace == kept.trace)
    #expect(report.traceHash == kept.traceHash)
  }

  @Test func theTraceHashIsFoldedAsEventsAreRecorded() throws {
    let report = try Simulation.run(testConfiguration("folded hash")) {
      let trace = Simulation.current!.trace
      let empty = trace.stableHash
      trace.record(.note, ["text": "one"])
      let one = trace.stableHash
      trace.record(.note, ["text": "two"])
      return [empty, one, trace.stableHash]
    }
    let hashes = try report.get()
    let events = Array(report.trace)
    #expect(hashes == [[TraceEvent]().stableHash, Array(events.prefix(1)).stableHash, events.stableHash])
    #expect(report.traceHash == hashes[2])
  }

  @Test func aLogOfEventsIsEquatableAndEncodesAsAnArray() throws {
    let events = [
      TraceEvent(sequence: 0, time: .zero, kind: .note, fields: [.init("text", "x")]),
      TraceEvent(sequence: 1, time: .seconds(1), kind: .diagnostic, fields: []),
    ]
    #expect(TraceLog(events) == TraceLog(events))
    #expect(TraceLog(events) != TraceLog(Array(events.prefix(1))))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(try encoder.encode(TraceLog(events)) == encoder.encode(events))
    #expect(Array(TraceLog(events).only([.diagnostic])) == [events[1]])
  }
}
