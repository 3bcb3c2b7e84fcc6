import Foundation
import GRDB
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// Captures are evidence: read as far as they can be, every field range-checked, never a scenario
/// the loader rejects, and one writer per folder — through the binary.
@Suite struct CaptureEvidenceTests {
  let folder: URL

  init() throws {
    folder = try TemporaryFolder(prefix: "SpeechReplayCLITests").url
  }

  /// A copy of the fixture capture, changed by `change`.
  private func capture(_ name: String, _ change: (Database) throws -> Void = { _ in }) throws -> String {
    let path = folder.appendingPathComponent("\(name).speechcapture").path
    try FileManager.default.copyItem(
      atPath: CommandLineRun.repositoryRoot.appendingPathComponent(CaptureCommandTests.fixture).path, toPath: path)
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { db in try change(db) }
    try queue.close()
    return path
  }

  @Test func unknownEventKindsAreSkippedWithANote() throws {
    let path = try capture("newer-kinds") { db in
      try db.execute(
        sql:
          "INSERT INTO events (seq, kind, capture_ns, wall_time, payload) VALUES (1000, 'hapticTap', 0, 0, ?), (1001, 'hapticTap', 0, 0, ?)",
        arguments: [#"{"hapticTap":{"_0":1}}"#, #"{"hapticTap":{"_0":2}}"#])
    }
    let info = try CommandLineRun(["capture", "info", path])
    #expect(info.status == 0, "\(info.standardError)")
    #expect(
      info.standardError.contains("skipped 2 events of kinds this version does not know (hapticTap ×2)"),
      "\(info.standardError)")
    let out = folder.appendingPathComponent("imported").path
    let imported = try CommandLineRun(["capture", "import", path, "--out", out])
    #expect(imported.status == 0, "\(imported.standardError)")
  }

  @Test func anOlderSchemaIsNamedAsSuch() throws {
    let path = try capture("older") { db in try db.execute(sql: "PRAGMA user_version = 0") }
    let info = try CommandLineRun(["capture", "info", path])
    #expect(info.status == 1)
    #expect(info.standardError.contains("is a capture of an older schema (version 0"), "\(info.standardError)")
  }

  @Test func namedPipesAreNotCalledPermissionDenied() throws {
    let fifo = folder.appendingPathComponent("pipe.speechcapture").path
    #expect(mkfifo(fifo, 0o644) == 0)
    for command in [
      ["capture", "info", fifo], ["audio", "info", fifo], ["capture", "import", fifo, "--out", folder.path + "/x"],
    ] {
      let run = try CommandLineRun(command)
      #expect(run.status != 0)
      #expect(!run.standardError.contains("permission denied"), "\(command): \(run.standardError)")
      #expect(run.standardError.contains("named pipe"), "\(command): \(run.standardError)")
    }
  }

  @Test(arguments: [
    ("frame_count", "9000000000000000000", "9000000000000000000 frames"),
    ("sample_time", "9223372036854775807", "sample time 9223372036854775807"),
    ("frame_count", "-5", "-5 frames"),
  ])
  func aDamagedFieldIsRefusedOnImportNeverWrittenForTheLoader(column: String, value: String, words: String) throws {
    let path = try capture("damaged") { db in
      try db.execute(sql: "UPDATE buffers SET \(column) = \(value) WHERE seq = (SELECT MIN(seq) + 5 FROM buffers)")
    }
    let info = try CommandLineRun(["capture", "info", path])
    #expect(!info.endedBySignal, "\(info.standardError)")
    let out = folder.appendingPathComponent("out-\(column)").path
    let run = try CommandLineRun(["capture", "import", path, "--out", out])
    #expect(!run.endedBySignal && run.status == 1, "\(run.status) \(run.standardError)")
    #expect(
      run.standardError.contains(words) && run.standardError.contains("which no replay can hold"),
      "\(run.standardError)")
    let left = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
    #expect(
      !left.contains("taps.tsv") && !left.contains { $0.hasSuffix(".yaml") || $0.hasSuffix(".partial") }, "\(left)")
  }

  /// A second import (or run --capture) into a folder another one is writing is a usage error.
  @Test func oneWriterPerFolder() throws {
    let out = folder.appendingPathComponent("busy")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let descriptor = open(out.path, O_RDONLY | O_DIRECTORY)
    defer { close(descriptor) }
    #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    let imported = try CommandLineRun(["capture", "import", CaptureCommandTests.fixture, "--out", out.path])
    #expect(imported.status == 64, "\(imported.standardError)")
    #expect(
      imported.standardError.contains("another speech-replay is writing into this folder now"),
      "\(imported.standardError)")
    let run = try CommandLineRun(["run", "Scenarios/hello-world.yaml", "--no-history", "--capture", out.path])
    #expect(run.status == 64, "\(run.standardOutput)\(run.standardError)")
    #expect(
      run.standardError.contains("--capture \(out.path): another speech-replay is writing"), "\(run.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
  }

  /// The private copy a killed reader left in the temporary folder is removed by the next read.
  @Test func staleReadCopiesAreSweptAtTheNextStart() throws {
    let dead = Process()
    dead.executableURL = URL(fileURLWithPath: "/bin/true")
    try WorkerLaunch.serialized { try dead.run() }
    dead.waitUntilExit()
    let stale = FileManager.default.temporaryDirectory.appendingPathComponent(
      "speech-replay-capture-\(dead.processIdentifier)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
    try Data(count: 1_000).write(to: stale.appendingPathComponent("capture.sqlite"))
    let info = try CommandLineRun(["capture", "info", CaptureCommandTests.fixture])
    #expect(info.status == 0)
    #expect(!FileManager.default.fileExists(atPath: stale.path))
  }
}
