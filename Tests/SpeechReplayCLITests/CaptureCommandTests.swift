import Foundation
import Testing

/// `speech-replay capture info/import`, `audio segments` and `scenario new` on the committed field capture.
@Suite struct CaptureCommandTests {
  static let fixture = "fixtures/captures/field-session.speechcapture"

  @Test func infoPrintsTheCaptureAndFailsOnAFileThatIsNotOne() throws {
    let good = try CommandLineRun(["capture", "info", Self.fixture])
    #expect(good.status == 0)
    #expect(good.standardOutput.contains("buffers: 23"))
    #expect(good.standardOutput.contains("format: 16000 Hz, 1 ch, Float32"))
    #expect(good.standardOutput.contains("actions: start, stop"))
    #expect(good.standardOutput.contains("damage: none"))

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capture-loop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let loop = folder.appendingPathComponent("loop.speechcapture").path
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop.speechcapture")
    let looped = try CommandLineRun(["capture", "info", loop])
    #expect(looped.status == 1)
    #expect(looped.standardError.contains("the path is a loop of symbolic links"), "\(looped.standardError)")

    let bad = try CommandLineRun(["capture", "info", "Scenarios/hello-world.yaml"])
    #expect(bad.status == 1)
    #expect(bad.standardError.contains("Scenarios/hello-world.yaml"))
    #expect(bad.standardError.contains(".speechcapture"))
  }

  @Test func importWritesAScenarioThatRunsAndReportsTheDivergence() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capture-import-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let imported = try CommandLineRun(["capture", "import", Self.fixture, "--out", folder.path])
    #expect(imported.status == 0, "\(imported.standardError)")
    for file in ["audio.caf", "taps.tsv", "timeline.tsv", "field-session.yaml"] {
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file) missing")
    }
    // The device lost the words at stop; the reference stack finalizes, so the replay differs there.
    let run = try CommandLineRun(["run", "--no-history", folder.path])
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("at 2.300 s the replay shows committed 'the quick brown fox'"))

    let badWindow = try CommandLineRun([
      "capture", "import", Self.fixture, "--out", folder.path, "--from", "2", "--to", "1",
    ])
    #expect(badWindow.status == 64)
    #expect(badWindow.standardError.contains("--to"))
    let intoAFile = try CommandLineRun(["capture", "import", Self.fixture, "--out", "Package.swift"])
    #expect(intoAFile.status == 64)
    #expect(intoAFile.standardError.contains("--out Package.swift is a file"), "\(intoAFile.standardError)")
  }

  @Test func scenarioNewWritesASkeletonFromTheSpeechSegments() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("skeleton-\(UUID().uuidString).yaml")
    defer { try? FileManager.default.removeItem(at: out) }
    let segments = try CommandLineRun(["audio", "segments", "fixtures/audio/two-commands.wav"])
    #expect(segments.status == 0)
    let lines = segments.standardOutput.split(separator: "\n")
    #expect(lines.count == 2, "\(segments.standardOutput)")
    let written = try CommandLineRun([
      "scenario", "new", "--from", "fixtures/audio/two-commands.wav", "--out", out.path, "--text",
      "Turn on the lights. Set a timer for ten minutes.",
    ])
    #expect(written.status == 0, "\(written.standardError)")
    let text = try String(contentsOf: out, encoding: .utf8)
    // An iPhone's microphone, not the file's 16 kHz; the two sentences held through the 1.5 s pause.
    #expect(text.contains("microphone: { sampleRate: 48000, channels: 1, tapFrames: 4800 }"), "\(text)")
    #expect(text.contains("finalizeAs: [\"Turn on the lights.\", \"Set a timer for ten minutes.\"]"), "\(text)")
    let again = try CommandLineRun(["scenario", "new", "--from", "fixtures/audio/two-commands.wav", "--out", out.path])
    #expect(again.status == 64)
    #expect(again.standardError.contains("--force"))
    #expect(String(decoding: try Data(contentsOf: out), as: UTF8.self) == text, "the existing scenario is kept")
  }

  @Test func scenarioNewStopAtWritesVolatileResultsUpToTheStopAndRefusesBadTimes() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("stopped-\(UUID().uuidString).yaml")
    defer { try? FileManager.default.removeItem(at: out) }
    let written = try CommandLineRun([
      "scenario", "new", "--from", "fixtures/audio/two-commands.wav", "--out", out.path, "--text",
      "Turn on the lights. Set a timer for ten minutes.",
      "--stop-at", "5000ms",
    ])
    #expect(written.status == 0, "\(written.standardError)")
    let text = try String(contentsOf: out, encoding: .utf8)
    #expect(text.contains("finalizeAs: [\"Turn on the lights.\", \"Set a timer\"]"), "\(text)")
    #expect(text.contains("  - play: 5s\n  - snapshot: before-stop\n  - stop\n"))
    let notATime = try CommandLineRun([
      "scenario", "new", "--from", "fixtures/audio/two-commands.wav", "--out", out.path, "--force", "--stop-at", "soon",
    ])
    #expect(notATime.status == 64)
    #expect(notATime.standardError.contains("--stop-at soon is not a time"))
    let pastTheEnd = try CommandLineRun([
      "scenario", "new", "--from", "fixtures/audio/two-commands.wav", "--out", out.path, "--force", "--stop-at", "60s",
    ])
    #expect(pastTheEnd.status == 1)
    #expect(pastTheEnd.standardError.contains("is not inside the recording"), "\(pastTheEnd.standardError)")
  }

  /// `audio segments` output (edited or not) and a line per segment go into `scenario new` as they are.
  @Test func scenarioNewTakesSegmentsAndLinesFilesAndBareSeconds() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segments-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let segments = try CommandLineRun([
      "audio", "segments", "fixtures/audio/two-commands.wav", "--threshold", "12", "--hangover", "0.3",
    ])
    #expect(segments.status == 0, "\(segments.standardError)")
    let segmentsFile = folder.appendingPathComponent("segments.tsv")
    try segments.standardOutput.write(to: segmentsFile, atomically: true, encoding: .utf8)
    let lines = folder.appendingPathComponent("lines.txt")
    try "Turn on the lights.\nSet a timer for ten minutes.\n".write(to: lines, atomically: true, encoding: .utf8)
    let out = folder.appendingPathComponent("s.yaml")
    let written = try CommandLineRun([
      "scenario", "new", "--from", "fixtures/audio/two-commands.wav", "--out", out.path, "--segments",
      segmentsFile.path, "--text-file", lines.path, "--stop-at", "2.9", "--device", "bluetooth-headset",
    ])
    #expect(written.status == 0, "\(written.standardError)")
    let text = try String(contentsOf: out, encoding: .utf8)
    #expect(text.contains("given with --segments"), "\(text)")
    #expect(text.contains("sampleRate: 16000, channels: 1, tapFrames: 1600"), "\(text)")
    #expect(text.contains("committed: \"Turn on the lights.\", volatile: \"\""), "\(text)")
    let run = try CommandLineRun(["run", "--no-history", out.path])
    #expect(run.status == 0, "\(run.standardOutput)")

    try "1.0 0.5\n".write(to: segmentsFile, atomically: true, encoding: .utf8)
    let backwards = try CommandLineRun([
      "scenario", "new", "--from", "fixtures/audio/two-commands.wav", "--out", out.path, "--force", "--segments",
      segmentsFile.path,
    ])
    #expect(backwards.status == 1)
    #expect(backwards.standardError.contains("segments.tsv:1: the segment ends at or before its start"))
    let tooFewLines = try CommandLineRun([
      "scenario", "new", "--from", "fixtures/audio/two-commands.wav", "--out", out.path, "--force", "--text-file",
      lines.path, "--device", "nokia",
    ])
    #expect(tooFewLines.status == 64)
    #expect(tooFewLines.standardError.contains("--device nokia is not a device profile"))
  }
}
