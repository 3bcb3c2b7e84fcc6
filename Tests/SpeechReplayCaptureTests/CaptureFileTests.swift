import AVFAudioTwin
import Foundation
import GRDB
import SpeechReplayCapture
import SpeechReplayTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The capture file: one writer, schema versions, gaps, and a recorder killed mid-session.
@Suite struct CaptureFileTests {
  static let mono48k = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!  // valid literal

  /// A mono 48 kHz buffer whose samples count up from `first`.
  static func buffer(frames: Int, first: Int = 0) -> AVAudioPCMBuffer {
    // valid literal format
    let buffer = AVAudioPCMBuffer(pcmFormat: mono48k, frameCapacity: AVAudioFrameCount(frames))!
    buffer.frameLength = AVAudioFrameCount(frames)
    for frame in 0..<frames { buffer.floatChannelData![0][frame] = Float(first + frame) / Float(1 << 24) }
    return buffer
  }

  static func time(_ sampleTime: Int) -> AVAudioTime {
    AVAudioTime(hostTime: UInt64(sampleTime) * 20_833, sampleTime: AVAudioFramePosition(sampleTime), atRate: 48_000)
  }

  @Test func aSecondWriterGetsAClearErrorAndAFinishedFileIsNotRecordedOver() throws {
    let url = try CaptureHarness.newCaptureURL()
    let first = try CaptureRecorder(url: url, header: CaptureHarness.header)
    #expect {
      _ = try CaptureRecorder(url: url, header: CaptureHarness.header)
    } throws: { error in
      guard let error = error as? CaptureError else { return false }
      return error.kind == .lockedByAnotherWriter && error.description.contains(url.path)
        && error.message.contains("another recorder is writing")
    }
    first.recordTap(Self.buffer(frames: 1024), at: Self.time(0))
    try first.finish()
    #expect {
      _ = try CaptureRecorder(url: url, header: CaptureHarness.header)
    } throws: { error in
      (error as? CaptureError)?.kind == .alreadyExists
    }
    // The file is whole and single after finish: the WAL is folded in.
    #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
    #expect(try CaptureFile(url: url).bufferCount == 1)
  }

  @Test func aCaptureFromANewerSchemaIsRefusedNamingBothVersions() throws {
    let url = try CaptureHarness.newCaptureURL()
    try CaptureRecorder(url: url, header: CaptureHarness.header).finish()
    try DatabaseQueue(path: url.path).writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 7") }
    #expect {
      _ = try CaptureFile(url: url)
    } throws: { error in
      guard let error = error as? CaptureError else { return false }
      return error.kind == .newerSchema(found: 7, supported: 1) && error.message.contains("version 7")
        && error.message.contains("up to 1")
    }
    #expect {
      _ = try CaptureRecorder(url: url, header: CaptureHarness.header)
    } throws: { error in
      (error as? CaptureError)?.kind == .newerSchema(found: 7, supported: 1)
    }
  }

  @Test func aFileThatIsNotACaptureIsRefusedNamingIt() throws {
    let url = try CaptureHarness.newCaptureURL()
    try Data("RIFF not a database at all".utf8).write(to: url)
    #expect {
      _ = try CaptureFile(url: url)
    } throws: { error in
      guard let error = error as? CaptureError else { return false }
      return error.kind == .notACapture && error.description.contains(url.path)
    }
    #expect(throws: CaptureError.self) { _ = try CaptureFile(url: url.appendingPathExtension("missing")) }
  }

  /// Found by `fuzz-capture` (its first run): a buffer row whose `format_id` was NULL trapped in
  /// GRDB's non-optional column subscript. Damaged columns, and sample times at the ends of Int64,
  /// are now a located error or a plain reading.
  @Test(arguments: [
    // The fuzzer's input had a schema without NOT NULL; a table rebuilt without constraints says the same.
    (
      """
      ALTER TABLE buffers RENAME TO old; CREATE TABLE buffers (seq INTEGER PRIMARY KEY, format_id, frame_count, sample_time, host_time, capture_ns, data);
      INSERT INTO buffers SELECT * FROM old; DROP TABLE old; UPDATE buffers SET format_id = NULL
      """, "holds NULL in format_id"
    ),
    ("UPDATE buffers SET frame_count = 'many'", "in frame_count"),
    (
      """
      ALTER TABLE events RENAME TO old; CREATE TABLE events (seq INTEGER PRIMARY KEY, kind, capture_ns, wall_time, payload);
      INSERT INTO events SELECT * FROM old; DROP TABLE old; UPDATE events SET capture_ns = NULL
      """, "a row of its events table holds NULL in capture_ns"
    ),
    ("UPDATE formats SET sample_rate = x'00'", "in sample_rate"),
  ])
  func aDamagedColumnIsALocatedErrorNotATrap(damage: String, words: String) throws {
    let url = try CaptureHarness.newCaptureURL()
    let recorder = try CaptureRecorder(url: url, header: CaptureHarness.header)
    recorder.recordAction(.start)
    recorder.recordTap(Self.buffer(frames: 64), at: Self.time(0))
    try recorder.finish()
    try DatabaseQueue(path: url.path).write { try $0.execute(sql: damage) }
    #expect {
      _ = try CaptureFile(url: url)
    } throws: { error in
      guard let error = error as? CaptureError else { return false }
      return error.kind == .notACapture && error.description.contains(url.path) && error.message.contains("is damaged")
        && error.message.contains(words)
    }
  }

  @Test func sampleTimesAtTheEndsOfInt64DoNotOverflow() throws {
    let url = try CaptureHarness.newCaptureURL()
    let recorder = try CaptureRecorder(url: url, header: CaptureHarness.header)
    recorder.recordTap(Self.buffer(frames: 64), at: Self.time(0))
    recorder.recordTap(Self.buffer(frames: 64), at: Self.time(64))
    try recorder.finish()
    try DatabaseQueue(path: url.path).write { db in
      try db.execute(
        sql: "UPDATE buffers SET sample_time = ? WHERE seq = (SELECT MIN(seq) FROM buffers)", arguments: [Int64.min])
      try db.execute(
        sql: "UPDATE buffers SET sample_time = ? WHERE seq = (SELECT MAX(seq) FROM buffers)", arguments: [Int64.max])
    }
    let capture = try CaptureFile(url: url)
    #expect(capture.bufferCount == 2)
    #expect(capture.buffers.map(\.sampleTime) == [Int64.min, Int64.max])
  }

  @Test func aFullRingDropsTheBufferAndRecordsAGapAndSampleTimeJumpsAreFound() throws {
    let url = try CaptureHarness.newCaptureURL()
    // Room for one 1024-frame buffer (4096 bytes), never for a 4800-frame one.
    let recorder = try CaptureRecorder(
      url: url, header: CaptureHarness.header, options: .init(ringBytes: 5_000, commitInterval: .milliseconds(250)))
    recorder.recordTap(Self.buffer(frames: 1024), at: Self.time(0))
    recorder.recordTap(Self.buffer(frames: 4800, first: 1024), at: Self.time(1024))
    try recorder.flush()
    recorder.recordTap(Self.buffer(frames: 1024, first: 5824), at: Self.time(5824))
    try recorder.flush()
    // The device skipped 2048 frames here.
    recorder.recordTap(Self.buffer(frames: 1024, first: 8896), at: Self.time(8896))
    try recorder.finish()
    #expect(recorder.statistics.buffersDropped == 1 && recorder.statistics.buffersWritten == 3)

    let capture = try CaptureFile(url: url)
    #expect(capture.bufferCount == 3)
    #expect(capture.gaps.count == 2)
    let overflow = capture.gaps.first { $0.reason == .ringOverflow }
    #expect(overflow?.beforeBuffer == 1 && overflow?.buffers == 1 && overflow?.frames == 4800)
    #expect(abs((overflow?.audioTime ?? 0) - 1024.0 / 48_000) < 1e-6)
    let jump = capture.gaps.first { $0.reason == .sampleTimeJump }
    #expect(jump?.beforeBuffer == 2 && jump?.frames == 2048)
    #expect(capture.isFinished && capture.damage.cutShortAt == nil && !capture.damage.isNone)
    #expect(capture.summary.description.contains("2 gaps, 6848 frames missing"))
    let buffers = Array(capture.buffers)
    #expect(buffers.map(\.sampleTime) == [0, 5824, 8896])
    #expect(buffers[1].data == CaptureHarness.bytes(of: Self.buffer(frames: 1024, first: 5824)))
  }

  @Test func aRecorderKilledMidSessionLeavesACaptureReadableUpToItsLastCommit() throws {
    let url = try CaptureHarness.newCaptureURL("killed")
    let probe = Process()
    probe.executableURL = try BuiltExecutable.url(named: "capture-recorder-probe")
    probe.arguments = [url.path]
    let output = Pipe()
    probe.standardOutput = output
    probe.standardError = FileHandle.nullDevice
    try probe.run()

    // Wait on the condition "the reader sees a committed batch": each probe commit prints a line;
    // read lines (blocking) and look at the file after each, a bounded number of times.
    var seen = 0
    var pending = ""
    var attempts = 0
    while seen == 0, attempts < 200, probe.isRunning {
      attempts += 1
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }  // the probe ended
      pending += String(decoding: chunk, as: UTF8.self)
      guard pending.contains("committed ") else { continue }
      if let capture = try? CaptureFile(url: url) { seen = capture.bufferCount }
    }
    kill(probe.processIdentifier, SIGKILL)
    probe.waitUntilExit()
    #expect(probe.terminationReason == .uncaughtSignal && probe.terminationStatus == SIGKILL)
    try #require(seen >= 1, "the reader saw a committed batch before the kill (after \(attempts) reads)")

    let capture = try CaptureFile(url: url)
    #expect(capture.bufferCount >= seen)
    #expect(!capture.isFinished)
    let duration = Double(capture.bufferCount) * 0.1
    #expect(abs(capture.duration - duration) < 1e-6)
    #expect(capture.damage.cutShortAt == capture.duration && capture.damage.gaps.isEmpty)
    #expect(
      capture.summary.description.contains(
        "cut short at \(duration.formatted(.number.precision(.fractionLength(3)))) s"))
    #expect(capture.actions == [.start])
    var index = 0
    for buffer in capture.buffers {
      #expect(buffer.index == index && buffer.sampleTime == Int64(index * 4800))
      let expected = CaptureHarness.bytes(of: Self.buffer(frames: 4800, first: index * 4800))
      #expect(buffer.data == expected, "buffer \(index) bytes")
      if buffer.data != expected { break }
      index += 1
    }
    #expect(index == capture.bufferCount)
    // The killed writer's lock went with its process: a new recorder is refused for the existing
    // capture, not for a lock.
    #expect {
      _ = try CaptureRecorder(url: url, header: CaptureHarness.header)
    } throws: { error in
      (error as? CaptureError)?.kind == .alreadyExists
    }
  }
}
