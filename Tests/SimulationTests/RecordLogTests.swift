import Foundation
import Simulation
import SpeechReplayTestSupport
import Testing

/// The monitors' per-buffer records spill like the trace (``RecordLog``).
@Suite struct RecordLogTests {
  struct Record: Sendable, Equatable {
    var index: Int
    var time: Duration
    var span: Range<Int>
    var sequence: Int?
  }

  static func records(_ count: Int) -> [Record] {
    (0..<count).map { index in
      Record(
        index: index, time: .nanoseconds(Int64(index) * 100_000_001), span: (index * 1600)..<(index * 1600 + 1601),
        sequence: index % 3 == 0 ? nil : index * 3)
    }
  }

  @Test(arguments: [1, 3, 4_095, 4_096, 4_097, 20_000])
  func aLogReadsBackWhatWasAppendedAtEveryBound(_ recordsInMemory: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let expected = Self.records(10_000)
    var log = RecordLog<Record>(recordsInMemory: recordsInMemory, directory: folder.path)
    var copies: [(count: Int, log: RecordLog<Record>)] = []
    for (index, record) in expected.enumerated() {
      log.append(record)
      if index % 2_500 == 0 { copies.append((index + 1, log)) }
    }
    #expect(log.isSpilled == (recordsInMemory <= 10_000))
    #expect(Array(log) == expected)
    for position in [9_999, 0, 5_000, 4_095, 4_096, 1, 8_191, 8_192] { #expect(log[position] == expected[position]) }
    #expect(log.suffix(64).map(\.index) == Array(9_936..<10_000))
    // A copy taken earlier reads what was appended before it, however the file grew since.
    for (count, copy) in copies { #expect(Array(copy) == Array(expected.prefix(count))) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func aFolderThatCannotHoldTheFileKeepsTheRecordsInMemory() {
    var log = RecordLog<Record>(recordsInMemory: 2, directory: "/nonexistent-speech-replay-folder")
    for record in Self.records(100) { log.append(record) }
    #expect(!log.isSpilled)
    #expect(Array(log) == Self.records(100))
  }
}
