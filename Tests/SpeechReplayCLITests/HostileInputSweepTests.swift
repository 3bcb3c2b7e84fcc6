import Foundation
import GRDB
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// Issue t30's sweep of bad inputs through every command: each test here failed before its fix
/// (a trap, a misleading or raw message, a file left behind). The variants that were already
/// handled are listed in `SpeechReplayCLI.docc/CommandLine.md`, "Bad input".
@Suite(.serialized) struct HostileInputSweepTests {
  /// The bundled hello-world scenario, with its fixture paths made absolute, in `folder`.
  static func scenario(in folder: TemporaryFolder) throws -> String {
    let text = try String(
      contentsOf: TestFiles.root.appendingPathComponent("Scenarios/hello-world.yaml"), encoding: .utf8
    )
    .replacingOccurrences(of: "../fixtures/", with: TestFiles.fixtures.path + "/")
    return try folder.write("s.yaml", text)
  }

  /// Runs `speech-replay` with the given standard output and error, and waits for it.
  static func run(_ arguments: [String], output: FileHandle, error: FileHandle) throws -> Process {
    let process = Process()
    process.executableURL = try BuiltExecutable.url(named: "speech-replay")
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    var variables = ProcessInfo.processInfo.environment
    variables["SPEECH_REPLAY_HISTORY"] = nil
    process.environment = variables
    try WorkerLaunch.serialized { try process.run() }
    process.waitUntilExit()
    return process
  }

  // MARK: Standard streams

  /// `run … | head` closed the pipe before the summary: Foundation's `FileHandle.write(_:)` trapped
  /// on EPIPE (SIGPIPE is ignored while workers run). The run now ends as it would have, its
  /// report written.
  @Test(.timeLimit(.minutes(1))) func aRunWhoseOutputPipeIsClosedEndsWithoutATrap() throws {
    let folder = try TemporaryFolder(prefix: "HostileInputSweepTests")
    defer { folder.remove() }
    let scenario = try Self.scenario(in: folder)
    let report = folder.url.appendingPathComponent("r.json")
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let process = try Self.run(
      ["run", scenario, "--no-history", "--json", report.path], output: pipe.fileHandleForWriting,
      error: FileHandle.nullDevice)
    #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
    #expect(process.terminationStatus == 0)
    #expect(FileManager.default.fileExists(atPath: report.path))
  }

  /// `run > /dev/full`, and an error message to `2> /dev/full`: both trapped.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")), .timeLimit(.minutes(1)))
  func aFullDeviceAsOutputOrErrorEndsWithoutATrap() throws {
    let folder = try TemporaryFolder(prefix: "HostileInputSweepTests")
    defer { folder.remove() }
    let scenario = try Self.scenario(in: folder)
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let passed = try Self.run(["run", scenario, "--no-history"], output: full, error: FileHandle.nullDevice)
    #expect(passed.terminationReason == .exit && passed.terminationStatus == 0, "status \(passed.terminationStatus)")
    let missing = folder.url.appendingPathComponent("missing.yaml").path
    let usage = try Self.run(["run", missing, "--no-history"], output: FileHandle.nullDevice, error: full)
    #expect(usage.terminationReason == .exit && usage.terminationStatus == 64, "status \(usage.terminationStatus)")
  }

  /// The rule behind the two tests above, for code added later: no write to a standard stream
  /// through the trapping `FileHandle.write(_:)`.
  @Test func noSourceWritesAStandardStreamThroughTheTrappingWrite() throws {
    let sources = TestFiles.root.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(atPath: sources.path)
    var found: [String] = []
    var scanned = 0
    while let path = files?.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      scanned += 1
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where (line.contains("standardOutput.write(") || line.contains("standardError.write("))
        && !line.contains("write(contentsOf:") && !lineContinuesWithContentsOf(text, line: number)
      {
        found.append("Sources/\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    #expect(scanned > 100)
    #expect(found.isEmpty, "use StandardStream (or `try? write(contentsOf:)`):\n\(found.joined(separator: "\n"))")
  }

  // MARK: Damaged captures

  /// The bundled field capture, copied into `folder` and changed by `sql`.
  static func damagedCapture(in folder: TemporaryFolder, _ sql: String) throws -> String {
    let copy = folder.url.appendingPathComponent("damaged.speechcapture")
    try FileManager.default.copyItem(
      at: TestFiles.fixtures.appendingPathComponent("captures/field-session.speechcapture"), to: copy)
    try DatabaseQueue(path: copy.path).write { db in try db.execute(sql: sql) }
    return copy.path
  }

  /// A buffer format of 0 Hz (or 0 channels) was reported as an audio file that "cannot be
  /// created … check the output folder", and the failed import left its new, empty folder behind.
  @Test(arguments: ["UPDATE formats SET sample_rate = 0", "UPDATE formats SET channel_count = 0"])
  func aDamagedFormatIsTheCapturesDamageAndLeavesNoFolder(sql: String) throws {
    let folder = try TemporaryFolder(prefix: "HostileInputSweepTests")
    defer { folder.remove() }
    let capture = try Self.damagedCapture(in: folder, sql)
    let out = folder.url.appendingPathComponent("imported").path
    let run = try CommandLineRun(["capture", "import", capture, "--out", out])
    #expect(run.status == 1)
    #expect(run.standardError.contains("buffer 0 has the format"), "\(run.standardError)")
    #expect(run.standardError.contains("the capture is damaged there"), "\(run.standardError)")
    #expect(!run.standardError.contains("check the output folder"), "\(run.standardError)")
    #expect(!FileManager.default.fileExists(atPath: out), "the failed import's empty folder is left")
  }

  /// An event payload that is not JSON was named by its Swift type: "(DecodingError)".
  @Test func anEventPayloadThatIsNotJSONIsSaidInWords() throws {
    let folder = try TemporaryFolder(prefix: "HostileInputSweepTests")
    defer { folder.remove() }
    let capture = try Self.damagedCapture(in: folder, "UPDATE events SET payload = '{not json'")
    let run = try CommandLineRun(["capture", "info", capture])
    #expect(run.status == 1)
    #expect(
      run.standardError.contains("holds a payload this version cannot read (it is not JSON)"), "\(run.standardError)")
    #expect(!run.standardError.contains("DecodingError"))
  }

  /// A device model holding a line break and an escape sequence (text from a device) ended the
  /// imported scenario's header comment early, so the import wrote a scenario the loader refused;
  /// `capture info` printed the escape sequence to the terminal.
  @Test func aDevicesTextNeverBreaksTheImportedScenarioNorReachesTheTerminalRaw() throws {
    let folder = try TemporaryFolder(prefix: "HostileInputSweepTests")
    defer { folder.remove() }
    let capture = try Self.damagedCapture(
      in: folder,
      "UPDATE meta SET value = json_set(value, '$.deviceModel', 'dev' || char(27) || '[31m' || char(10) || 'PASS fake' || char(127)) WHERE key = 'header'"
    )
    let info = try CommandLineRun(["capture", "info", capture])
    #expect(info.status == 0, "\(info.standardError)")
    #expect(!info.standardOutput.contains("\u{1B}"))
    #expect(info.standardOutput.contains(#"dev\u{1B}[31m"#), "\(info.standardOutput)")
    let out = folder.url.appendingPathComponent("imported").path
    let imported = try CommandLineRun(["capture", "import", capture, "--out", out])
    #expect(imported.status == 0, "\(imported.standardError)")
    let list = try CommandLineRun(["list", out])
    #expect(list.status == 0, "the imported scenario loads: \(list.standardError)")
  }

  /// `SPEECH_REPLAY_CAPTURE_DIR` naming a file failed the scenario with Foundation's text
  /// ("NSCocoaErrorDomain Code=516 …") and named `--capture`, which was not given.
  @Test func aCaptureFolderThatIsAFileIsSaidSo() throws {
    let folder = try TemporaryFolder(prefix: "HostileInputSweepTests")
    defer { folder.remove() }
    let scenario = try Self.scenario(in: folder)
    let run = try CommandLineRun(
      ["run", scenario, "--no-history"], environment: ["SPEECH_REPLAY_CAPTURE_DIR": scenario])
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("(\(scenario) is a file, not a folder)"), "\(run.standardOutput)")
    #expect(run.standardOutput.contains("SPEECH_REPLAY_CAPTURE_DIR"))
    #expect(!run.standardOutput.contains("NSCocoaErrorDomain"))
  }

  // MARK: Messages that said too little or too much

  /// ArgumentParser's bare "The value '-1' is invalid for '--seed <seed>'" said neither what is
  /// wrong nor what to write.
  @Test(arguments: [
    (["run", "--seed", "-1"], "--seed -1 is negative; give a value of 0 or more"),
    (["run", "--seed", "1.5"], "--seed takes a whole number, not 1.5"),
    (["run", "--jobs", "abc"], "--jobs takes a number, not 'abc'"),
    (
      ["run", "--jobs", "99999999999999999999"], "--jobs 99999999999999999999 is too large; give a smaller whole number"
    ),
    (["report", "99999999999999999999", "--out", "x"], "the argument <run-id> 99999999999999999999 is too large"),
  ])
  func aNumberTheParserCannotReadIsExplained(arguments: [String], message: String) throws {
    let run = try CommandLineRun(arguments)
    #expect(run.status == 64)
    #expect(run.standardError.contains(message), "\(run.standardError)")
    #expect(!run.standardError.contains("is invalid for"))
  }

  /// A segments file of binary bytes printed Foundation's "NSCocoaErrorDomain Code=259".
  @Test func aSegmentsFileThatIsNotTextIsSaidSo() throws {
    let folder = try TemporaryFolder(prefix: "HostileInputSweepTests")
    defer { folder.remove() }
    let segments = folder.url.appendingPathComponent("segments.txt")
    try Data([0x00, 0xFF, 0xFE, 0x31]).write(to: segments)
    let audio = TestFiles.fixtures.appendingPathComponent("audio/hello-world.wav").path
    let out = folder.url.appendingPathComponent("s.yaml").path
    let run = try CommandLineRun(["scenario", "new", "--from", audio, "--out", out, "--segments", segments.path])
    #expect(run.status == 1)
    #expect(
      run.standardError.contains("\(segments.path): cannot read it (the file is not UTF-8 text)"),
      "\(run.standardError)")
    #expect(!run.standardError.contains("NSCocoaErrorDomain"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// `scenario new --out FOLDER` said "the file exists … give --force", which --force did not cure.
  @Test func anOutputThatIsAFolderIsNamedAsOne() throws {
    let folder = try TemporaryFolder(prefix: "HostileInputSweepTests")
    defer { folder.remove() }
    let audio = TestFiles.fixtures.appendingPathComponent("audio/hello-world.wav").path
    let run = try CommandLineRun(["scenario", "new", "--from", audio, "--out", folder.path])
    #expect(run.status == 64)
    #expect(run.standardError.contains("--out \(folder.path) is a folder; name a file"), "\(run.standardError)")
  }

  /// A line break in a scenario's name printed a line of its own: a fake `PASS` line in a CI log
  /// (`run`), a second scenario (`list`); an ESC reached the terminal from `explain`.
  @Test func aScenarioNameStaysOnItsLineAndItsEscapesVisible() throws {
    let folder = try TemporaryFolder(prefix: "HostileInputSweepTests")
    defer { folder.remove() }
    let text = try String(contentsOfFile: try Self.scenario(in: folder), encoding: .utf8)
    let name = #"name: "real\nPASS fake (fake.yaml) 0.01 s\e[0m""#
    let scenario = try folder.write("named.yaml", text.replacing(#/name: .*/#, with: name))
    let run = try CommandLineRun(["run", scenario, "--no-history"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(!run.standardOutput.split(separator: "\n").contains { $0.hasPrefix("PASS fake") }, "\(run.standardOutput)")
    #expect(
      run.standardOutput.contains(#"PASS real\nPASS fake (fake.yaml) 0.01 s\u{1B}[0m ("#), "\(run.standardOutput)")
    let list = try CommandLineRun(["list", scenario])
    #expect(list.standardOutput.split(separator: "\n").count == 1, "\(list.standardOutput)")
    let explain = try CommandLineRun(["explain", scenario])
    #expect(explain.status == 0)
    #expect(!explain.standardOutput.contains("\u{1B}"))
    #expect(explain.standardOutput.contains(#"\u{1B}[0m"#), "\(explain.standardOutput.prefix(300))")
  }

  /// An error message quoting a path (or a name, a value) that holds an escape sequence wrote it
  /// to the terminal raw.
  @Test func anErrorMessageShowsItsPathsControlCharactersVisible() throws {
    let folder = try TemporaryFolder(prefix: "HostileInputSweepTests")
    defer { folder.remove() }
    let missing = folder.url.appendingPathComponent("red\u{1B}[31m.yaml").path
    let run = try CommandLineRun(["run", missing, "--no-history"])
    #expect(run.status == 64)
    #expect(!run.standardError.contains("\u{1B}"))
    #expect(run.standardError.contains(#"red\u{1B}[31m.yaml"#), "\(run.standardError)")
  }

  /// `explain --from 5s --to 1s` printed the header and no event, as if nothing had happened.
  @Test func anExplainWindowThatEndsBeforeItStartsIsAUsageError() throws {
    let folder = try TemporaryFolder(prefix: "HostileInputSweepTests")
    defer { folder.remove() }
    let run = try CommandLineRun(["explain", try Self.scenario(in: folder), "--from", "5s", "--to", "1s"])
    #expect(run.status == 64)
    #expect(run.standardError.contains("--to 1s is before --from 5s"), "\(run.standardError)")
  }

  /// Whether the call opened on `line` names `contentsOf:` on the next line (a wrapped call).
  private func lineContinuesWithContentsOf(_ text: String, line: Int) -> Bool {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return line + 1 < lines.count && lines[line + 1].trimmingCharacters(in: .whitespaces).hasPrefix("contentsOf:")
  }
}
