import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// Issue 21 through the binary: nothing a user gives is lost, hung or misread.
@Suite(.serialized) struct HardeningTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder(prefix: "HardeningTests") }

  // MARK: Data that must never be lost

  @Test func twoScenariosWithOneFileNameKeepBothCaptures() throws {
    defer { folder.remove() }
    let scenario = try String(
      contentsOf: TestFiles.root.appendingPathComponent("Scenarios/hello-world.yaml"), encoding: .utf8
    )
    .replacingOccurrences(of: "../fixtures/", with: TestFiles.fixtures.path + "/")
    let a = try folder.write("a/s.yaml", scenario.replacingOccurrences(of: "name: hello world", with: "name: hello a"))
    let b = try folder.write("b/s.yaml", scenario.replacingOccurrences(of: "name: hello world", with: "name: hello b"))
    let captures = folder.url.appendingPathComponent("captures")
    for jobs in ["1", "2"] {
      try? FileManager.default.removeItem(at: captures)
      let run = try CommandLineRun(["run", a, b, "--capture", captures.path, "--jobs", jobs, "--no-history"])
      #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
      let files = try FileManager.default.contentsOfDirectory(atPath: captures.path).filter {
        $0.hasSuffix(".speechcapture")
      }.sorted()
      #expect(files.count == 2, "\(files)")
      #expect(Set(files).count == 2)
      for file in files {
        let info = try CommandLineRun(["capture", "info", captures.appendingPathComponent(file).path])
        #expect(info.status == 0, "\(info.standardError)")
        #expect(info.standardOutput.contains("actions: start, stop"), "\(info.standardOutput)")
      }
    }
  }

  @Test func aCaptureThatCannotBeRecordedFailsTheScenario() throws {
    defer { folder.remove() }
    // A file where the capture folder goes: the recorder cannot create its capture.
    let captures = URL(fileURLWithPath: try folder.write("captures", "not a folder"))
    let run = try CommandLineRun(
      ["run", "Scenarios/hello-world.yaml", "--no-history"], environment: ["SPEECH_REPLAY_CAPTURE_DIR": captures.path])
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    #expect(run.standardOutput.contains("cannot record the capture"), "\(run.standardOutput)")
  }

  @Test func twoScenariosOfOneNameCompareAsTwoFiles() throws {
    defer { folder.remove() }
    let scenario = try String(
      contentsOf: TestFiles.root.appendingPathComponent("Scenarios/hello-world.yaml"), encoding: .utf8
    )
    .replacingOccurrences(of: "../fixtures/", with: TestFiles.fixtures.path + "/")
    let a = try folder.write("a.yaml", scenario)
    // The same name, another scenario: it expects other text, so it fails where a passes. Matched
    // by name, the second run's b was compared with the first run's a: a regression that never happened.
    let b = try folder.write(
      "b.yaml", scenario.replacingOccurrences(of: "committed: \"Hello world.\"", with: "committed: \"Goodbye.\""))
    let history = folder.url.appendingPathComponent("history.sqlite").path
    for _ in 0..<2 {
      let run = try CommandLineRun(["run", a, b, "--history", history, "--jobs", "1"])
      #expect(run.status == 1, "b fails: \(run.standardOutput)")
    }
    let compare = try CommandLineRun(["compare", "--baseline", "1", "--run", "2", "--history", history])
    #expect(compare.status == 0, "two identical runs: \(compare.standardOutput)")
    #expect(compare.standardOutput.contains("no changes"), "\(compare.standardOutput)")
    // One of the two removed: named with its file, since its name is not enough.
    let third = try CommandLineRun(["run", a, "--history", history])
    #expect(third.status == 0, "\(third.standardOutput)")
    let removed = try CommandLineRun(["compare", "--baseline", "2", "--run", "3", "--history", history])
    #expect(removed.standardOutput.contains("(\(b))"), "\(removed.standardOutput)")
  }

  @Test func aReportOfAMovedScenarioSaysSo() throws {
    defer { folder.remove() }
    let scenario = try String(
      contentsOf: TestFiles.root.appendingPathComponent("Scenarios/hello-world.yaml"), encoding: .utf8
    )
    .replacingOccurrences(of: "../fixtures/", with: TestFiles.fixtures.path + "/")
    let file = try folder.write("moved.yaml", scenario)
    let history = folder.url.appendingPathComponent("history.sqlite").path
    #expect(try CommandLineRun(["run", file, "--history", history]).status == 0)
    try FileManager.default.moveItem(atPath: file, toPath: file + ".away")
    let out = folder.url.appendingPathComponent("report")
    let report = try CommandLineRun(["report", "1", "--history", history, "--out", out.path])
    #expect(report.status == 0, "\(report.standardError)")
    let pages = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0 != "index.html" }
    #expect(pages.count == 1)
    let page = try String(contentsOf: out.appendingPathComponent(pages[0]), encoding: .utf8)
    #expect(page.contains("is no longer there (moved or deleted since run 1)"), "\(page)")
    #expect(!page.contains("differs"), "\(page)")
  }

  @Test func aReportToADeviceOrAPipeIsWrittenIntoItNotRenamedOverIt() throws {
    defer { folder.remove() }
    var before = stat()
    #expect(stat("/dev/null", &before) == 0)
    let run = try CommandLineRun([
      "run", "Scenarios/hello-world.yaml", "--json", "/dev/null", "--junit", "/dev/stdout", "--no-history",
    ])
    #expect(run.status == 0, "\(run.standardError)")
    var after = stat()
    #expect(stat("/dev/null", &after) == 0)
    #expect(after.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")
    #expect(after.st_ino == before.st_ino)
    #expect(
      run.standardOutput.contains("<testsuites"), "the JUnit report went to standard output: \(run.standardOutput)")
    // A pipe nothing reads: an error at once, not a hang.
    let fifo = folder.url.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let unread = try CommandLineRun(["run", "Scenarios/hello-world.yaml", "--json", fifo, "--no-history"])
    #expect(unread.status == 1, "\(unread.standardError)")
    #expect(unread.standardError.contains("a pipe nothing reads from"), "\(unread.standardError)")
    var kind = stat()
    #expect(lstat(fifo, &kind) == 0 && kind.st_mode & S_IFMT == S_IFIFO, "the pipe is still a pipe")
  }

  @Test func exploreFindsAnUnwritableOutBeforeExploring() throws {
    defer { folder.remove() }
    let file = try folder.write("file", "x")
    let run = try CommandLineRun(["explore", "Scenarios/hello-world.yaml", "--out", file + "/out", "--runs", "100000"])
    #expect(run.status == 64)
    #expect(!run.standardError.contains("explored"))
    #expect(run.standardOutput.isEmpty, "no run started")
  }

  // MARK: Nothing hangs or grows without bound

  @Test func exploreWithHundredsOfMillionsOfRunsHonoursTheTimeLimit() throws {
    defer { folder.remove() }
    let started = ContinuousClock.now
    let run = try CommandLineRun(
      [
        "explore", "Scenarios/hello-world.yaml", "--runs", "100000000", "--time-limit", "1s", "--jobs", "1", "--out",
        folder.url.appendingPathComponent("out").path,
      ])
    #expect(run.status == 0 || run.status == 1, "\(run.standardError)")
    #expect(run.standardOutput.contains("stopped by --time-limit"), "\(run.standardOutput)")
    // No list of a hundred million runs first: it stops within seconds of its limit.
    #expect(started.duration(to: .now) < .seconds(60))
  }

  @Test func workersDieWithAParentKilledBySIGKILL() throws {
    defer { folder.remove() }
    let hang = try folder.write("suite/hang.yaml", "schema: 1\nname: hangs\nsteps: [start, stop]\n# probe: hang\n")
    let probe = try CommandLineRun.executable(named: "scenario-worker-probe").path
    var worker: pid_t = 0
    var outputFolder = ""
    let run = try CommandLineRun(["run", hang, "--worker", probe, "--timeout", "0", "--no-history"]) { process in
      // The worker is up once it wrote its pid; then the parent dies as an out-of-memory kill would end it.
      let deadline = ContinuousClock.now + .seconds(120)
      while !FileManager.default.fileExists(atPath: hang + ".pid")
        || (try? String(contentsOfFile: hang + ".pid", encoding: .utf8))?.hasSuffix("\n") != true
      {
        guard ContinuousClock.now < deadline, process.isRunning else {
          throw CommandLineRunError(message: "the hanging worker never started")
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
      let lines = try String(contentsOfFile: hang + ".pid", encoding: .utf8).split(separator: "\n").map(String.init)
      worker = pid_t(lines[0]) ?? 0
      outputFolder = lines.count > 1 ? lines[1] : ""
      kill(process.processIdentifier, SIGKILL)
    }
    #expect(run.endedBySignal)
    #expect(worker > 0)
    // The worker sees its lifeline close at once; give the scheduler a bounded moment to run it.
    let deadline = ContinuousClock.now + .seconds(30)
    while !(kill(worker, 0) == -1 && errno == ESRCH), ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    #expect(kill(worker, 0) == -1 && errno == ESRCH, "worker \(worker) outlived its parent")
    #expect(!outputFolder.isEmpty)
    #expect(
      !FileManager.default.fileExists(atPath: outputFolder), "the worker's temporary folder \(outputFolder) stayed")
    if kill(worker, 0) == 0 { kill(worker, SIGKILL) }
  }

  // MARK: Captures are evidence

  @Test func aCutShortCaptureReadsInAReadOnlyPlaceAndNothingIsWrittenBesideIt() throws {
    defer {
      chmod(folder.url.appendingPathComponent("evidence").path, 0o755)
      folder.remove()
    }
    let evidence = folder.url.appendingPathComponent("evidence")
    try FileManager.default.createDirectory(at: evidence, withIntermediateDirectories: true)
    let file = evidence.appendingPathComponent("cut.speechcapture").path
    // A recorder killed mid-session: its last commits are in the write-ahead log beside it.
    let recorder = Process()
    recorder.executableURL = try CommandLineRun.executable(named: "capture-recorder-probe")
    recorder.arguments = [file]
    // The pipe is made inside the launch, so no process started beside it inherits it (WorkerLaunch).
    let pipe = try WorkerLaunch.serialized {
      let pipe = Pipe()
      recorder.standardOutput = pipe
      try recorder.run()
      return pipe
    }
    var seen = ""
    while seen.components(separatedBy: "committed").count < 4 {
      let data = pipe.fileHandleForReading.availableData
      if data.isEmpty { break }
      seen += String(decoding: data, as: UTF8.self)
    }
    kill(recorder.processIdentifier, SIGKILL)
    recorder.waitUntilExit()
    let lock = file + "-lock"
    try? FileManager.default.removeItem(atPath: lock)
    let before = try FileManager.default.contentsOfDirectory(atPath: evidence.path).sorted()
    let sizes = try before.map {
      try FileManager.default.attributesOfItem(atPath: evidence.appendingPathComponent($0).path)[.size] as? Int
    }
    chmod(evidence.path, 0o555)
    let info = try CommandLineRun(["capture", "info", file])
    #expect(info.status == 0, "\(info.standardError)")
    #expect(info.standardOutput.contains("cut short at"), "\(info.standardOutput)")
    #expect(!info.standardError.contains("readonly"), "\(info.standardError)")
    let imported = try CommandLineRun([
      "capture", "import", file, "--out", folder.url.appendingPathComponent("imported").path,
    ])
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: evidence.path).sorted() == before,
      "nothing added or removed beside the capture")
    #expect(
      try before.map {
        try FileManager.default.attributesOfItem(atPath: evidence.appendingPathComponent($0).path)[.size] as? Int
      } == sizes)
  }

  // MARK: Results that must not lie

  /// Every bundled scenario recorded as a capture, then cut into windows: each window replays green
  /// on the stack that recorded it whenever the whole capture does (a few captures cannot replay
  /// whole: the import does not carry model errors or the asset catalogue; Captures.md says so).
  /// Captures of a device fault the import does not carry, early in the recording: the whole
  /// capture's replay misses it and fails, while every window begins after it and has nothing to miss.
  static let faultBeforeEveryWindow: Set<String> = ["converter-error-mid-stream"]

  @Test func everyWindowOfEveryBundledCaptureReplaysAsTheWholeCaptureDoes() throws {
    defer { folder.remove() }
    let captures = folder.url.appendingPathComponent("captures")
    let recorded = try CommandLineRun(["run", "Scenarios", "--capture", captures.path, "--no-history"])
    #expect(recorded.status == 0, "\(recorded.standardOutput)")
    let files = try FileManager.default.contentsOfDirectory(atPath: captures.path).filter {
      $0.hasSuffix(".speechcapture")
    }.sorted()
    #expect(files.count >= 30, "\(files)")
    var windows = 0
    var wholeReplays = 0
    for file in files {
      let capture = captures.appendingPathComponent(file).path
      let name = (file as NSString).deletingPathExtension
      let whole = folder.url.appendingPathComponent("whole/\(name)").path
      #expect(try CommandLineRun(["capture", "import", capture, "--out", whole]).status == 0)
      let wholeRun = try CommandLineRun(["run", whole, "--no-history"])
      let info = try CommandLineRun(["capture", "info", capture])
      let duration =
        info.standardOutput.split(separator: "\n").first { $0.hasPrefix("duration: ") }
        .flatMap { Double($0.dropFirst("duration: ".count).split(separator: " ")[0]) } ?? 0
      guard duration > 0.3 else { continue }
      if wholeRun.status == 0 { wholeReplays += 1 }
      for fraction in [0.17, 0.5, 0.83] where !Self.faultBeforeEveryWindow.contains(name) {
        let from = String(format: "%.3f", duration * fraction)
        let out = folder.url.appendingPathComponent("windows/\(name)-\(fraction)").path
        let imported = try CommandLineRun(["capture", "import", capture, "--out", out, "--from", from])
        #expect(imported.status == 0, "\(name) --from \(from): \(imported.standardError)")
        let run = try CommandLineRun(["run", out, "--no-history"])
        #expect(run.status == wholeRun.status, "\(name) --from \(from): \(run.standardOutput)")
        windows += 1
      }
      // A window with an end too.
      let out = folder.url.appendingPathComponent("windows/\(name)-middle").path
      let middle = try CommandLineRun(
        [
          "capture", "import", capture, "--out", out, "--from", String(format: "%.3f", duration * 0.3), "--to",
          String(format: "%.3f", duration * 0.7),
        ])
      #expect(middle.status == 0, "\(middle.standardError)")
      if wholeRun.status == 0 {
        let run = try CommandLineRun(["run", out, "--no-history"])
        #expect(
          !run.standardOutput.contains("the replay differs from the device"), "\(name) middle: \(run.standardOutput)")
      }
    }
    #expect(windows >= 60)
    #expect(wholeReplays >= 20)
  }
}
