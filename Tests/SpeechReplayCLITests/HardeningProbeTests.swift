import Foundation
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// Issue 21's probes: every bad input the issue names, run through the binary. Each probe says
/// what the command must answer (exit status and a part of its message), which of the user's files
/// must be byte-for-byte unchanged afterwards, and nothing may leak raw Foundation, decoding or SQL
/// text. Like the fuzz targets' seeds, the list grows with every bad input found.
@Suite(.serialized) struct HardeningProbeTests {
  /// One bad input.
  struct Probe: CustomTestStringConvertible, Sendable {
    /// What it probes.
    var name: String
    /// The arguments; `$T` stands for the probe's temporary folder.
    var arguments: [String]
    /// The exit status the command must end with.
    var status: Int32
    /// A part of the message on standard error.
    var message: String
    /// Files (relative to the folder) that must be unchanged afterwards.
    var kept: [String] = []
    /// Variables set for the run.
    var environment: [String: String] = [:]

    var testDescription: String { name }
  }

  /// Text no message may hold: raw Foundation errors, decoding errors, SQL.
  static let forbidden = [
    "NSCocoaErrorDomain", "error 259", "DecodingError", "SELECT ", "PRAGMA", "disk I/O error", "Missing value",
    "NSPOSIXErrorDomain",
  ]

  static let probes: [Probe] = [
    // Outputs onto inputs, through every spelling; --force never overrides it.
    Probe(
      name: "scenario new --out its own audio, forced",
      arguments: ["scenario", "new", "--from", "$T/rec.wav", "--out", "$T/rec.wav", "--force"],
      status: 64, message: "is the audio file", kept: ["rec.wav"]),
    Probe(
      name: "scenario new --out a link to its audio, forced",
      arguments: ["scenario", "new", "--from", "$T/rec.wav", "--out", "$T/link.yaml", "--force"],
      status: 64, message: "(through a symbolic link)", kept: ["rec.wav"]),
    Probe(
      name: "scenario new --out a hard link to its audio",
      arguments: ["scenario", "new", "--from", "$T/rec.wav", "--out", "$T/hard.wav", "--force"],
      status: 64, message: "(a hard link to it)", kept: ["rec.wav"]),
    Probe(
      name: "run --json onto the scenario", arguments: ["run", "$T/s.yaml", "--json", "$T/s.yaml", "--no-history"],
      status: 64, message: "is the scenario", kept: ["s.yaml"]),
    Probe(
      name: "run --junit onto the scenario, forced",
      arguments: ["run", "$T/s.yaml", "--junit", "$T/s.yaml", "--force", "--no-history"],
      status: 64, message: "--force does not change this", kept: ["s.yaml"]),
    Probe(
      name: "run --junit named like audio", arguments: ["run", "$T/s.yaml", "--junit", "$T/rec.wav", "--no-history"],
      status: 64, message: "is named like an audio file, not a report", kept: ["rec.wav"]),
    Probe(
      name: "run --json and --junit one file",
      arguments: ["run", "$T/s.yaml", "--junit", "$T/r.xml", "--json", "$T/r.xml", "--no-history"],
      status: 64, message: "give each output its own file"),
    Probe(
      name: "run --json onto the history",
      arguments: ["run", "$T/s.yaml", "--json", "$T/history.sqlite", "--history", "$T/history.sqlite", "--force"],
      status: 64, message: "is the history database", kept: ["history.sqlite"]),
    Probe(
      name: "run --html onto a scenario file", arguments: ["run", "$T/s.yaml", "--html", "$T/s.yaml", "--no-history"],
      status: 64, message: "is the scenario", kept: ["s.yaml"]),
    Probe(
      name: "compare --html onto the scenario",
      arguments: ["compare", "--baseline", "1", "--history", "$T/history.sqlite", "--html", "$T/s.yaml"],
      status: 64, message: "is named like a scenario file", kept: ["s.yaml", "history.sqlite"]),
    Probe(
      name: "compare --html onto the history, forced",
      arguments: [
        "compare", "--baseline", "1", "--history", "$T/history.sqlite", "--html", "$T/history.sqlite", "--force",
      ],
      status: 64, message: "is the history database", kept: ["history.sqlite"]),
    Probe(
      name: "compare --html in a folder that is not there",
      arguments: ["compare", "--baseline", "1", "--history", "$T/history.sqlite", "--html", "$T/no/such/c.html"],
      status: 64, message: "no such folder"),
    Probe(
      name: "merge --json onto a report it merges",
      arguments: ["merge", "$T/r.json", "--json", "$T/r.json", "--no-history"],
      status: 64, message: "is the report", kept: ["r.json"]),
    Probe(
      name: "merge of a file that is not JSON", arguments: ["merge", "$T/s.yaml", "--no-history"], status: 1,
      message: "it is not JSON"),
    Probe(
      name: "merge of JSON that is not a report", arguments: ["merge", "$T/not-report.json", "--no-history"], status: 1,
      message: "'results' is missing"),
    Probe(
      name: "audio convert onto its input", arguments: ["audio", "convert", "$T/rec.wav", "$T/link.yaml"],
      status: 64, message: "is the input file", kept: ["rec.wav"]),
    // Files a person edited are kept unless --force; the capture itself never.
    Probe(
      name: "capture import over an edited scenario",
      arguments: ["capture", "import", "$T/c.speechcapture", "--out", "$T/imported"],
      status: 64, message: "the file exists; choose another --out or give --force",
      kept: ["imported/c.yaml", "imported/audio.caf"]),
    Probe(
      name: "capture import --out holding the capture as its scenario",
      arguments: ["capture", "import", "$T/c.speechcapture", "--out", "$T/imported", "--name", "x", "--force"],
      status: 64, message: "is the capture", kept: ["c.speechcapture"]),
    // Output paths checked before the work starts.
    Probe(
      name: "run --json ''", arguments: ["run", "$T/s.yaml", "--json", "", "--no-history"], status: 64,
      message: "--json is an empty path"),
    Probe(
      name: "capture import --out ''", arguments: ["capture", "import", "$T/c.speechcapture", "--out", ""], status: 64,
      message: "--out is an empty path"),
    Probe(
      name: "explore --out ''", arguments: ["explore", "$T/s.yaml", "--out", ""], status: 64,
      message: "--out is an empty path"),
    Probe(
      name: "explore --out under a file",
      arguments: ["explore", "$T/s.yaml", "--out", "$T/s.yaml/reproducers", "--runs", "1000"],
      status: 64, message: "is a file, so the folder cannot be created", kept: ["s.yaml"]),
    Probe(
      name: "report --out under a file",
      arguments: ["report", "1", "--history", "$T/history.sqlite", "--out", "$T/s.yaml/report"],
      status: 64, message: "is a file, so the folder cannot be created", kept: ["history.sqlite"]),
    Probe(
      name: "run --capture over a device's capture",
      arguments: ["run", "$T/s.yaml", "--capture", "$T/device", "--no-history"],
      status: 64, message: "is a capture from probe (linux), which this run would replace",
      kept: ["device/s.speechcapture"]),
    Probe(
      name: "run --capture under a file",
      arguments: ["run", "$T/s.yaml", "--capture", "$T/s.yaml/caps", "--no-history"],
      status: 64, message: "is a file, so the folder cannot be created", kept: ["s.yaml"]),
    // Negative numbers are bad values, not missing ones.
    Probe(
      name: "explore --runs -5", arguments: ["explore", "$T/s.yaml", "--runs", "-5"], status: 64,
      message: "--runs must be at least 1 (got -5)"),
    Probe(
      name: "explore --jobs -1", arguments: ["explore", "$T/s.yaml", "--jobs", "-1"], status: 64,
      message: "--jobs must be at least 1 (got -1)"),
    Probe(
      name: "capture import --from -1",
      arguments: ["capture", "import", "$T/c.speechcapture", "--out", "$T/w", "--from", "-1"],
      status: 64, message: "--from '-1' is not a time"),
    Probe(name: "report -5", arguments: ["report", "-5", "--out", "$T/rep"], status: 64, message: "-5 is negative"),
    Probe(
      name: "explore --time-limit -5s", arguments: ["explore", "$T/s.yaml", "--time-limit", "-5s"], status: 64,
      message: "--time-limit -5s is negative"),
    Probe(
      name: "explain --from -1", arguments: ["explain", "$T/s.yaml", "--from", "-1"], status: 64,
      message: "--from -1 is negative"),
    Probe(
      name: "report --jobs -2",
      arguments: ["report", "1", "--jobs", "-2", "--history", "$T/history.sqlite", "--out", "$T/rep"],
      status: 64, message: "--jobs must be at least 1 (got -2)"),
    Probe(
      name: "report of a run that is not there",
      arguments: ["report", "9", "--history", "$T/history.sqlite", "--out", "$T/rep"],
      status: 64, message: "there is no run 9"),
    Probe(
      name: "report with no history", arguments: ["report", "1", "--history", "$T/none.sqlite", "--out", "$T/rep"],
      status: 64, message: "there is no history yet"),
    // Damaged captures: what is wrong, in plain words.
    Probe(
      name: "capture info on a folder", arguments: ["capture", "info", "$T/imported"], status: 1,
      message: "is a folder, not a capture file"),
    Probe(
      name: "capture info on an empty file", arguments: ["capture", "info", "$T/empty.speechcapture"], status: 1,
      message: "is empty (0 bytes)"),
    Probe(
      name: "capture info on audio", arguments: ["capture", "info", "$T/rec.wav"], status: 1,
      message: "is not a capture: it is not an SQLite file"),
    Probe(
      name: "capture info on a truncated capture salvages it",
      arguments: ["capture", "info", "$T/truncated.speechcapture"], status: 0,
      message: ""),
    Probe(
      name: "capture import of a truncated capture salvages it",
      arguments: ["capture", "import", "$T/truncated.speechcapture", "--out", "$T/salvaged"], status: 0,
      message: "the file is cut short ("),
    Probe(
      name: "capture info on a capture corrupt in the middle",
      arguments: ["capture", "info", "$T/corrupt.speechcapture"], status: 0,
      message: ""),
    Probe(
      name: "capture import of a folder", arguments: ["capture", "import", "$T/imported", "--out", "$T/w"], status: 64,
      message: "a folder, not a file"),
    // Histories that are not histories.
    Probe(
      name: "history --history a folder", arguments: ["history", "--history", "$T/imported"], status: 1,
      message: "is a folder, not a run history"),
    Probe(
      name: "compare --history a folder", arguments: ["compare", "--baseline", "1", "--history", "$T/imported"],
      status: 2, message: "is a folder, not a run history"),
    Probe(
      name: "run --history a folder", arguments: ["run", "$T/s.yaml", "--history", "$T/imported"], status: 64,
      message: "is a folder, not a run history"),
    // Scenarios and environment.
    Probe(
      name: "steps: []", arguments: ["list", "$T/empty-steps.yaml"], status: 1,
      message: "empty-steps.yaml:3:8: the list of steps is empty"),
    // Checked in the parent, before any worker starts: one usage error naming every unknown fault.
    Probe(
      name: "an unknown bug-zoo fault", arguments: ["run", "$T/s.yaml", "--no-history"], status: 64,
      message: "SPEECH_REPLAY_BUG_ZOO_FAULTS names 'noSuchFault', which is not a bug-zoo fault",
      environment: ["SPEECH_REPLAY_BUG_ZOO_FAULTS": "noSuchFault"]),
    Probe(
      name: "two unknown bug-zoo faults among known ones", arguments: ["list", "$T/s.yaml"], status: 64,
      message:
        "SPEECH_REPLAY_BUG_ZOO_FAULTS names 'noSuchFault', 'stopsWithoutFinalising', which are not bug-zoo faults",
      environment: ["SPEECH_REPLAY_BUG_ZOO_FAULTS": "skipsConversion, noSuchFault,stopsWithoutFinalising"]),
    Probe(
      name: "scenario new of 500 Hz audio",
      arguments: ["scenario", "new", "--from", "$T/r500.wav", "--out", "$T/r500.yaml"], status: 1,
      message: "its sample rate is 500 Hz, but a scenario's microphone runs at 1000 to 384000 Hz"),
    Probe(
      name: "scenario new of cut-short audio warns",
      arguments: ["scenario", "new", "--from", "$T/cut.wav", "--out", "$T/cut.yaml"], status: 0,
      message: "the recording was probably cut short"),
    Probe(
      name: "a scenario that is not UTF-8", arguments: ["run", "$T/binary.yaml", "--no-history"], status: 1,
      message: "the file is not UTF-8 text"),
    Probe(
      name: "an alias bomb under cycle:", arguments: ["list", "$T/bomb.yaml"], status: 1,
      message: "once aliases are expanded"),
    Probe(
      name: "300 000 steps", arguments: ["list", "$T/many.yaml"], status: 1,
      message: "more than 250000 values here, more than a scenario may have"),
    // Issue 35: commands added after the rules, and the inputs they overwrote.
    Probe(
      name: "explain --perfetto onto its scenario", arguments: ["explain", "$T/s.yaml", "--perfetto", "$T/s.yaml"],
      status: 64, message: "is the scenario", kept: ["s.yaml"]),
    Probe(
      name: "explain --perfetto onto audio", arguments: ["explain", "$T/s.yaml", "--perfetto", "$T/rec.wav"],
      status: 64, message: "is named like an audio file", kept: ["rec.wav"]),
    Probe(
      name: "explain --perfetto onto a history",
      arguments: ["explain", "$T/s.yaml", "--perfetto", "$T/history.sqlite"], status: 64,
      message: "is named like a database", kept: ["history.sqlite"]),
    Probe(
      name: "explain --perfetto onto a capture",
      arguments: ["explain", "$T/s.yaml", "--perfetto", "$T/c.speechcapture"], status: 64,
      message: "is named like a capture", kept: ["c.speechcapture"]),
    Probe(
      name: "history --html onto the history it reads, forced",
      arguments: ["history", "--history", "$T/history.sqlite", "--html", "$T/history.sqlite", "--force"],
      status: 64, message: "is the history database", kept: ["history.sqlite"]),
    Probe(
      name: "history --html onto a scenario",
      arguments: ["history", "--history", "$T/history.sqlite", "--html", "$T/s.yaml"], status: 64,
      message: "is named like a scenario file", kept: ["s.yaml"]),
    Probe(
      name: "a report option given twice",
      arguments: ["run", "$T/s.yaml", "--json", "$T/a.json", "--json", "$T/b.json", "--no-history"], status: 64,
      message: "--json is given twice"),
    Probe(
      name: "a bad SPEECH_REPLAY_FAIL_ON_OBSOLETE", arguments: ["run", "$T/s.yaml", "--no-history"], status: 64,
      message: "SPEECH_REPLAY_FAIL_ON_OBSOLETE is 'maybe'", environment: ["SPEECH_REPLAY_FAIL_ON_OBSOLETE": "maybe"]),
    Probe(
      name: "a bad SPEECH_REPLAY_RESAMPLER", arguments: ["list", "$T/s.yaml"], status: 64,
      message: "SPEECH_REPLAY_RESAMPLER is 'sinc'", environment: ["SPEECH_REPLAY_RESAMPLER": "sinc"]),
  ]

  @Test(arguments: probes) func probe(_ probe: Probe) throws {
    let folder = try Self.folderWithInputs()
    defer { folder.remove() }
    let before = try probe.kept.map { try Data(contentsOf: folder.url.appendingPathComponent($0)) }
    let arguments = probe.arguments.map { $0.replacingOccurrences(of: "$T", with: folder.path) }
    let run = try CommandLineRun(arguments, environment: probe.environment)
    let output = run.standardOutput + run.standardError
    if probe.name.contains("salvages") {
      #expect(output.contains("the file is cut short (") || output.contains("damaged after tap buffer"), "\(output)")
    }
    #expect(run.status == probe.status, "\(output)")
    #expect(probe.message.isEmpty || output.contains(probe.message), "\(output)")
    for text in Self.forbidden { #expect(!output.contains(text), "'\(text)' in \(output)") }
    for (file, data) in zip(probe.kept, before) {
      #expect(try Data(contentsOf: folder.url.appendingPathComponent(file)) == data, "\(file) changed")
    }
    // Reading a capture leaves nothing beside it.
    let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.contains(".speechcapture-")
    }
    #expect(beside.isEmpty, "\(beside)")
  }

  /// A folder with every input the probes use: audio (and links to it), a scenario, a history with
  /// run 1, a JSON report, a capture and an earlier import of it (edited since), damaged captures.
  static func folderWithInputs() throws -> TemporaryFolder {
    let folder = try TemporaryFolder(prefix: "HardeningProbeTests")
    let audio = TestFiles.audio.appendingPathComponent("hello-world.wav")
    try FileManager.default.copyItem(at: audio, to: folder.url.appendingPathComponent("rec.wav"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("link.yaml").path, withDestinationPath: "rec.wav")
    try FileManager.default.linkItem(
      atPath: folder.url.appendingPathComponent("rec.wav").path,
      toPath: folder.url.appendingPathComponent("hard.wav").path)
    let wav = try Data(contentsOf: audio)
    try wav.prefix(wav.count / 2).write(to: folder.url.appendingPathComponent("cut.wav"))
    try PCM16WAV.silence(seconds: 1, rate: 500).write(to: folder.url.appendingPathComponent("r500.wav"))
    let scenario = try String(
      contentsOf: TestFiles.root.appendingPathComponent("Scenarios/hello-world.yaml"), encoding: .utf8
    )
    .replacingOccurrences(of: "../fixtures/", with: TestFiles.fixtures.path + "/")
    try folder.write("s.yaml", scenario)
    try Data([0xFF, 0xFE, 0x00, 0x62, 0x61, 0x64]).write(to: folder.url.appendingPathComponent("binary.yaml"))
    try folder.write("not-report.json", "{\"summary\": {}}")
    try folder.write("empty-steps.yaml", "schema: 1\nname: e\nsteps: []\n")
    var bomb =
      "schema: 1\nname: b\nsteps:\n  - cycle:\n      count: 1\n      steps: [stop]\n      x0: &a0 [stop, stop, stop, stop, stop, stop, stop, stop, stop, stop]\n"
    for level in 1...8 {
      bomb +=
        "      x\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    try folder.write("bomb.yaml", bomb)
    try folder.write("many.yaml", "schema: 1\nname: m\nsteps:\n" + String(repeating: "- stop\n", count: 300_000))
    try Data().write(to: folder.url.appendingPathComponent("empty.speechcapture"))
    let history = folder.url.appendingPathComponent("history.sqlite").path
    let recorded = try CommandLineRun([
      "run", folder.url.appendingPathComponent("s.yaml").path, "--history", history, "--json",
      folder.url.appendingPathComponent("r.json").path,
    ])
    #expect(recorded.status == 0, "\(recorded.standardError)")
    let capture = TestFiles.fixtures.appendingPathComponent("captures/field-session.speechcapture")
    let copy = folder.url.appendingPathComponent("c.speechcapture")
    try FileManager.default.copyItem(at: capture, to: copy)
    let imported = try CommandLineRun([
      "capture", "import", copy.path, "--out", folder.url.appendingPathComponent("imported").path,
    ])
    #expect(imported.status == 0, "\(imported.standardError)")
    try folder.write(
      "imported/c.yaml",
      "# edited by hand\n"
        + (try String(contentsOf: folder.url.appendingPathComponent("imported/c.yaml"), encoding: .utf8)))
    // --name x with the capture copied in as x.yaml: the import would write over its own input.
    try FileManager.default.copyItem(at: copy, to: folder.url.appendingPathComponent("imported/x.yaml"))
    try FileManager.default.removeItem(at: copy)
    try FileManager.default.linkItem(
      atPath: folder.url.appendingPathComponent("imported/x.yaml").path, toPath: copy.path)
    // A device's capture (the probe recorder's header) where `run --capture device` would write s.yaml's.
    let device = folder.url.appendingPathComponent("device")
    try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
    let recorder = Process()
    recorder.executableURL = try BuiltExecutable.url(named: "capture-recorder-probe")
    recorder.arguments = [device.appendingPathComponent("s.speechcapture").path]
    // The pipe is made inside the launch, so no process started beside it inherits it (WorkerLaunch).
    let pipe = try WorkerLaunch.serialized {
      let pipe = Pipe()
      recorder.standardOutput = pipe
      try recorder.run()
      return pipe
    }
    _ = pipe.fileHandleForReading.availableData  // its first commit
    kill(recorder.processIdentifier, SIGKILL)
    recorder.waitUntilExit()
    let bytes = try Data(contentsOf: capture)
    try bytes.prefix(bytes.count / 3).write(to: folder.url.appendingPathComponent("truncated.speechcapture"))
    var corrupt = bytes
    // Garbage over the last pages (where the buffers' rows are), keeping the header and schema.
    for index in (bytes.count - 16_384)..<(bytes.count - 4_096) {
      corrupt[index] = UInt8(truncatingIfNeeded: index &* 31)
    }
    try corrupt.write(to: folder.url.appendingPathComponent("corrupt.speechcapture"))
    return folder
  }
}
