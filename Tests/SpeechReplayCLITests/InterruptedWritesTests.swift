import Foundation
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// Ctrl-C (SIGINT) or a CI job's cancel (SIGTERM) in the middle of `audio convert` or `capture
/// import`, through the built binary: the partial files and the private copy of the capture are
/// removed, a file the command would have replaced keeps its bytes, one note says so, and the exit
/// status is 130 or 143.
@Suite struct InterruptedWritesTests {
  static let signals = [(SIGINT, Int32(130)), (SIGTERM, Int32(143))]

  @Test(arguments: signals)
  func anInterruptedConversionLeavesNoPartialAndKeepsTheOldOutput(signal: Int32, status: Int32) throws {
    let folder = try TemporaryFolder(prefix: "InterruptedWritesTests")
    defer { folder.remove() }
    let input = folder.url.appendingPathComponent("noise.wav")
    // Five minutes of noise: Ogg Vorbis encoding after the slowest resampler takes seconds, far
    // longer than the signal takes to arrive once the partial file exists.
    try PCM16WAV.noise(seconds: 300, rate: 48_000).write(to: input)
    let out = folder.url.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let output = out.appendingPathComponent("converted.ogg")
    try Data("an older conversion".utf8).write(to: output)
    let run = try CommandLineRun(
      [
        "audio", "convert", input.path, output.path, "--rate", "44100", "--engine", "libsamplerate",
        "--quality", "best",
      ]
    ) { process in
      try Self.signalOnceAPartialExists(in: out, process: process, signal: signal)
    }
    #expect(run.status == status, "\(run.standardOutput)\(run.standardError)")
    #expect(!run.endedBySignal)
    #expect(
      run.standardError.contains("interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM")"), "\(run.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["converted.ogg"])
    #expect(try Data(contentsOf: output) == Data("an older conversion".utf8))
  }

  @Test(arguments: signals)
  func anInterruptedImportLeavesNoPartialAndNoPrivateCopy(signal: Int32, status: Int32) throws {
    let folder = try TemporaryFolder(prefix: "InterruptedWritesTests")
    defer { folder.remove() }
    let capture = folder.url.appendingPathComponent("long.speechcapture")
    // About five minutes of 48 kHz tap buffers (3 000 of 4 800 frames, 55 MB).
    try Self.recordCapture(at: capture, buffers: 3_000)
    let out = folder.url.appendingPathComponent("imported")
    // The private copy of the capture goes to the temporary folder: one of its own, checked empty afterwards.
    let temporary = folder.url.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let run = try CommandLineRun(
      ["capture", "import", capture.path, "--out", out.path], environment: ["TMPDIR": temporary.path]
    ) { process in
      try Self.signalOnceAPartialExists(in: out, process: process, signal: signal)
    }
    #expect(run.status == status, "\(run.standardOutput)\(run.standardError)")
    #expect(!run.endedBySignal)
    #expect(
      run.standardError.contains("interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM")"), "\(run.standardError)")
    let left = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
    #expect(!left.contains { $0.hasSuffix(".partial") }, "\(left)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
  }

  /// Waits until a `.partial` file appears in `folder` (the command is writing), then stops the
  /// process, queues `signal` and lets it go on: the signal is handled while the write is under way.
  static func signalOnceAPartialExists(in folder: URL, process: Process, signal: Int32) throws {
    let deadline = Date().addingTimeInterval(240)
    while !((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains(where: {
      $0.hasSuffix(".partial")
    }) {
      guard Date() < deadline, process.isRunning else {
        throw CommandLineRunError(message: "the command wrote no partial file in \(folder.path)")
      }
      Thread.sleep(forTimeInterval: 0.002)
    }
    // Stopped first, so the write cannot finish between the check and the signal.
    kill(process.processIdentifier, SIGSTOP)
    kill(process.processIdentifier, signal)
    kill(process.processIdentifier, SIGCONT)
  }

  /// Records `buffers` tap buffers into a capture with `capture-recorder-probe`, then kills it
  /// (what it committed is a capture like a crashed app's).
  static func recordCapture(at url: URL, buffers: Int) throws {
    let recorder = Process()
    recorder.executableURL = try BuiltExecutable.url(named: "capture-recorder-probe")
    recorder.arguments = [url.path]
    // The pipe is made inside the launch, so no process started beside it inherits it (WorkerLaunch).
    let pipe = try WorkerLaunch.serialized {
      let pipe = Pipe()
      recorder.standardOutput = pipe
      try recorder.run()
      return pipe
    }
    defer {
      kill(recorder.processIdentifier, SIGKILL)
      recorder.waitUntilExit()
    }
    var text = ""
    while true {
      let data = pipe.fileHandleForReading.availableData
      guard !data.isEmpty else { throw CommandLineRunError(message: "the recorder ended early") }
      text += String(decoding: data, as: UTF8.self)
      let lines = text.split(separator: "\n")
      // "committed N buffers M events"
      if let last = lines.last?.split(separator: " "), last.count > 1, let count = Int(last[1]), count >= buffers {
        return
      }
      text = String(lines.last ?? "")
    }
  }
}
