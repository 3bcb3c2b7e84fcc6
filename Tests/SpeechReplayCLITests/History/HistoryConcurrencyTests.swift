import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Two processes writing the history at once, and a writer killed in the middle of its transaction.
@Suite("History concurrency")
struct HistoryConcurrencyTests {
  static func writerProbe() throws -> URL { try BuiltExecutable.url(named: "history-writer-probe") }

  static func writer(_ arguments: [String], output: Pipe? = nil) throws -> Process {
    let process = Process()
    process.executableURL = try writerProbe()
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    if let output { process.standardOutput = output }
    process.standardError = FileHandle.nullDevice
    try WorkerLaunch.serialized { try process.run() }
    return process
  }

  @Test func twoProcessesWritingAtOnceBothLand() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // A fresh file: both writers also race to create the schema.
    let path = folder.url.appendingPathComponent("history.sqlite").path
    let first = try Self.writer([path, "15", "200", "left"])
    let second = try Self.writer([path, "15", "200", "right"])
    first.waitUntilExit()
    second.waitUntilExit()
    #expect(first.terminationStatus == 0)
    #expect(second.terminationStatus == 0)
    let store = try HistoryStore(path: path)
    #expect(try store.integrityCheck() == "ok")
    let runs = try store.runs(limit: 100)
    #expect(runs.count == 30)
    #expect(runs.filter { $0.metadata.host == "left" }.count == 15)
    #expect(runs.allSatisfy { $0.passed == 200 })
    for run in runs {
      let results = try store.results(ofRun: run.id)
      #expect(results.count == 200)
      #expect(Set(results.map { $0.name.prefix(while: { $0 != "-" }) }) == [Substring(run.metadata.host)])
    }
  }

  @Test func aWriterKilledMidWriteLeavesAConsistentDatabase() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.url.appendingPathComponent("history.sqlite").path
    // One complete run before the writer that gets killed.
    let store = try HistoryStore(path: path)
    let complete = try store.record(RunMetadata(host: "before"), results: [HistoryStoreTests.result("kept")])
    let pipe = Pipe()
    let writer = try Self.writer([path, "1", "500", "killed", "--hold-after", "250"], output: pipe)
    // Blocks until the writer says it is inside its transaction with 250 results inserted.
    var announced = Data()
    while !String(decoding: announced, as: UTF8.self).contains("holding\n") {
      let chunk = pipe.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      announced.append(chunk)
    }
    #expect(String(decoding: announced, as: UTF8.self) == "holding\n")
    kill(writer.processIdentifier, SIGKILL)
    writer.waitUntilExit()
    #expect(writer.terminationReason == .uncaughtSignal)
    #expect(writer.terminationStatus == SIGKILL)

    let reopened = try HistoryStore(path: path)
    #expect(try reopened.integrityCheck() == "ok")
    let runs = try reopened.runs(limit: 100)
    #expect(runs.map(\.id) == [complete])
    #expect(try reopened.results(ofRun: complete).map(\.name) == ["kept"])
    // The database is still writable after the crash.
    let next = try reopened.record(RunMetadata(host: "after"), results: [HistoryStoreTests.result("next")])
    #expect(try reopened.runs().map(\.id) == [next, complete])
  }
}
