import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// `speech-replay run`, `list` and `explain` through the built binary. Most runs use the
/// `scenario-worker-probe` worker (`--worker`), whose scenario files say whether it passes,
/// fails, traps or exits, so crash isolation is tested without depending on any stack.
@Suite struct RunCommandTests {
  let folder: URL

  init() throws {
    folder = try TemporaryFolder(prefix: "RunCommandTests").url
  }

  @discardableResult
  private func write(_ relative: String, _ text: String) throws -> String {
    let url = folder.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  private func probeScenario(_ relative: String, name: String, mode: String = "pass") throws -> String {
    // A valid scenario (so the parent can name it); the probe worker reads the comment.
    try write(relative, "schema: 1\nname: \(name)\nsteps: [start, stop]\n# probe: \(mode)\n")
  }

  private var probe: String { get throws { try CommandLineRun.executable(named: "scenario-worker-probe").path } }

  @Test func aCrashingScenarioIsOneFailureAndTheSuiteFinishes() throws {
    let files = [
      try probeScenario("suite/a-pass.yaml", name: "first passes"),
      try probeScenario("suite/b-trap.yaml", name: "second traps", mode: "trap"),
      try probeScenario("suite/c-fail.yaml", name: "third <fails> & says so", mode: "fail"),
      try probeScenario("suite/nested/d-pass.yaml", name: "fourth passes"),
    ]
    let junit = folder.appendingPathComponent("junit.xml").path
    let json = folder.appendingPathComponent("report.json").path
    let run = try CommandLineRun(
      [
        "run", folder.appendingPathComponent("suite").path, "--worker", try probe, "--jobs", "3", "--seed", "42",
        "--junit", junit, "--json", json,
      ])
    #expect(run.status == 1)
    #expect(!run.endedBySignal)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    let verdicts = lines.filter { ["PASS ", "FAIL ", "CRASH "].contains(where: $0.hasPrefix) }
    // Suite order (sorted paths), whatever order the three parallel workers finished in.
    #expect(
      verdicts.map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["PASS", "CRASH", "FAIL", "PASS"],
      "\(run.standardOutput)")
    #expect(verdicts[0].hasPrefix("PASS first passes (\(files[0])) ") && verdicts[0].hasSuffix(" s"))
    #expect(verdicts[3].hasPrefix("PASS fourth passes (\(files[3]))"))
    #expect(
      lines.contains("\(files[2]):3:5: snapshot 'after-sentence' differs: expected \"a < b & c\""),
      "\(run.standardOutput)")
    #expect(lines.contains { $0.contains("was killed by signal") }, "\(run.standardOutput)")
    #expect(lines.contains("    | probe worker about to trap"), "\(run.standardOutput)")
    #expect(lines.last == "2 passed, 1 failed, 1 crashed")

    let report = try JSONReport.decode(try Data(contentsOf: URL(fileURLWithPath: json)))
    #expect(report.results.map(\.file) == files)
    #expect(report.results.map(\.status) == [.passed, .crashed, .failed, .passed])
    #expect(report.results.allSatisfy { $0.seed == 42 })
    #expect(report.summary == RunSummary(results: report.results))
    #expect(report.summary.crashed == 1)

    let validation = try XMLLint.validateJUnit(junit)
    #expect(validation.status == 0, "\(validation.output)")
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(
      xml.contains(
        "<testsuite name=\"\(folder.appendingPathComponent("suite").path)\" tests=\"3\" failures=\"1\" errors=\"1\""))
    #expect(
      xml.contains(
        "<testsuite name=\"\(folder.appendingPathComponent("suite/nested").path)\" tests=\"1\" failures=\"0\" errors=\"0\""
      ))
    #expect(xml.contains("<error message=\"the worker running this scenario was killed by signal"))
    #expect(xml.contains("<system-out>standard output"))
    #expect(xml.contains("name=\"third &lt;fails&gt; &amp; says so\""))
    #expect(xml.contains("<property name=\"first passes.seed\" value=\"42\"/>"))
    #expect(xml.contains("<property name=\"first passes.traceHash\" value=\"probe-12\"/>"))
    #expect(xml.contains("<property name=\"seed\" value=\"42\"/>"))
    let message = try XMLLint.xpath("string(//testcase[3]/failure/@message)", in: junit)
    #expect(
      message.output == "\(files[2]):3:5: snapshot 'after-sentence' differs: expected \"a < b & c\"",
      "\(message.output)")
  }

  @Test func shardsTogetherRunEveryScenarioExactlyOnce() throws {
    // Suite order is sorted by path: suite/0/s0, suite/0/s3, …, suite/1/s1, …
    let files = try (0..<12).map { try probeScenario("suite/\($0 % 3)/s\($0).yaml", name: "scenario \($0)") }.sorted()
    var ran: [String] = []
    for index in 1...3 {
      let json = folder.appendingPathComponent("shard-\(index).json").path
      let junit = folder.appendingPathComponent("shard-\(index).xml").path
      let run = try CommandLineRun(
        [
          "run", folder.appendingPathComponent("suite").path, "--worker", try probe, "--shard", "\(index)/3", "--json",
          json, "--junit", junit,
        ])
      #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
      let report = try JSONReport.decode(try Data(contentsOf: URL(fileURLWithPath: json)))
      // Each shard keeps suite order.
      #expect(report.results.map(\.file) == files.filter { report.results.map(\.file).contains($0) })
      #expect(
        run.standardOutput.split(separator: "\n").last.map(String.init) == "\(report.results.count) passed, 0 failed")
      #expect(try XMLLint.validateJUnit(junit).status == 0)
      ran += report.results.map(\.file)
    }
    #expect(ran.count == files.count)
    #expect(Set(ran) == Set(files))
  }

  @Test func filterKeepsScenariosWhoseNameOrPathMatches() throws {
    let offline = try probeScenario("suite/offline.yaml", name: "first run offline")
    let cycles = try probeScenario("suite/cycles/many.yaml", name: "twenty start-stop cycles")
    let json = folder.appendingPathComponent("r.json").path
    let run = try CommandLineRun([
      "run", folder.appendingPathComponent("suite").path, "--worker", try probe, "--filter", "start-stop", "--json",
      json,
    ])
    #expect(run.status == 0)
    #expect(try JSONReport.decode(try Data(contentsOf: URL(fileURLWithPath: json))).results.map(\.file) == [cycles])
    let byPath = try CommandLineRun([
      "run", folder.appendingPathComponent("suite").path, "--worker", try probe, "--filter", "/off[a-z]+\\.yaml$",
    ])
    #expect(byPath.status == 0)
    #expect(byPath.standardOutput.hasPrefix("PASS first run offline (\(offline))"), "\(byPath.standardOutput)")
    let none = try CommandLineRun([
      "run", folder.appendingPathComponent("suite").path, "--worker", try probe, "--filter", "nothing-like-this",
    ])
    #expect(none.status == 64)
    #expect(
      none.errorLines == [
        "speech-replay: error: --filter 'nothing-like-this' matches none of the 2 scenarios found; check the pattern with `speech-replay list`"
      ])
  }

  @Test(arguments: [
    (["run", "--shard", "0/3"], "--shard: the index must be between 1 and 3"),
    (["run", "--shard", "2"], "--shard '2' is not INDEX/COUNT"),
    (["run", "--jobs", "0"], "--jobs must be at least 1"),
    // A negative number is a bad value, not a missing one followed by a flag.
    (["run", "--jobs", "-5"], "--jobs must be at least 1 (got -5)"),
    (["run", "--jobs=-5"], "--jobs must be at least 1 (got -5)"),
    (["run", "--seed", "-5"], "--seed -5 is negative; give a value of 0 or more"),
    (
      ["run", "--timeout", "-1"],
      "--timeout must be a number of seconds from 0 (no timeout) to 31536000 (a year) (got -1.0)"
    ),
    (
      ["run", "--timeout", "1e300"],
      "--timeout must be a number of seconds from 0 (no timeout) to 31536000 (a year) (got 1e+300)"
    ),
    (
      ["run", "--timeout", "nan"],
      "--timeout must be a number of seconds from 0 (no timeout) to 31536000 (a year) (got nan)"
    ),
    (
      ["run", "--max-virtual-time", "forever"],
      "--max-virtual-time must be a duration such as 90m, 3h or 7200s (got 'forever')"
    ),
    (
      ["run", "--junit", "no/such/folder/junit.xml"],
      "--junit no/such/folder/junit.xml cannot be written: cannot create a file in no/such/folder (no such folder)"
    ),
    (["run", "--json", "Scenarios"], "--json Scenarios is a folder; name a file"),
    (["history", "--limit", "-5"], "--limit must be at least 1 (got -5)"),
    // Checked before any scenario runs: a capture a worker cannot write would only be a hidden warning.
    (
      ["run", "Scenarios/hello-world.yaml", "--capture", "Package.swift"],
      "--capture Package.swift is a file; name a folder"
    ),
    (
      ["run", "Scenarios/hello-world.yaml", "--history", "Package.swift/history.sqlite"],
      "Package.swift/history.sqlite: cannot create the history folder (a file is in the way where a folder should be)"
    ),
    (["explain", "no/such/file.yaml"], "no/such/file.yaml: no such file; check the path"),
    (["explain", "Scenarios"], "Scenarios: a folder, not a file; check the path"),
    (["audio", "segments", "no/such/file.wav"], "no/such/file.wav: no such file; check the path"),
    (["run", "--seed", "minus-one"], "--seed takes a number, not 'minus-one'"),
    (["run", "--filter", "[unclosed"], "--filter '[unclosed' is not a valid regular expression"),
    (["run", "--no-such-option"], "Unknown option '--no-such-option'"),
    (["run", "no/such/folder"], "no/such/folder: no such file or folder"),
    (["list", "no/such/file.yaml"], "no/such/file.yaml: no such file or folder"),
    (["explain"], "Missing expected argument '<scenario>'"),
    (["run", "--subject", "nope"], "--subject is 'nope' but speech-replay knows 'LiveTranscription'"),
    (["explain", "Scenarios/hello-world.yaml", "--subject", "nope"], "--subject is 'nope'"),
  ])
  func badArgumentsGiveOneClearLineAndStatus64(arguments: [String], expected: String) throws {
    let run = try CommandLineRun(arguments)
    #expect(run.status == 64, "\(run.standardError)")
    #expect(run.errorLines.count == 1, "\(run.standardError)")
    #expect(run.errorLines.first?.hasPrefix("speech-replay: error: ") == true)
    #expect(run.standardError.contains(expected), "\(run.standardError)")
    #expect(run.standardOutput.isEmpty)
  }

  @Test func listNamesEachScenarioAndReportsInvalidFilesWithTheirLocation() throws {
    let quiet = try write("suite/a-quiet.yaml", "schema: 1\nname: quiet start and stop\nsteps: [start, stop]\n")
    let broken = try write("suite/b-broken.yaml", "schema: 1\nname: broken\nsteps: [start, { bogus: 1 }]\n")
    let run = try CommandLineRun(["list", folder.appendingPathComponent("suite").path])
    #expect(run.status == 1)
    #expect(run.standardOutput == "quiet start and stop (\(quiet))\n")
    #expect(run.errorLines.count == 1)
    #expect(
      run.errorLines.first?.hasPrefix("speech-replay: error: \(broken):3:18: unknown key 'bogus'") == true,
      "\(run.standardError)")
  }

  @Test func aSymbolicLinkLoopIsCalledALoop() throws {
    let loop = folder.appendingPathComponent("loop.yaml").path
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop.yaml")
    for arguments in [
      ["explain", loop], ["run", loop], ["audio", "convert", loop, folder.appendingPathComponent("out.wav").path],
    ] {
      let run = try CommandLineRun(arguments)
      #expect(run.status == 64, "\(arguments): \(run.standardError)")
      #expect(run.standardError.contains("\(loop): a loop of symbolic links"), "\(arguments): \(run.standardError)")
      #expect(!run.standardError.contains("Error Domain") && !run.standardError.contains("NSCocoaErrorDomain"))
    }
  }

  @Test func maxVirtualTimeReachesTheWorker() throws {
    let waits = try write(
      "suite/waits.yaml", "schema: 1\nname: waits two seconds\nsteps: [start, { wait: 2s }, stop]\n")
    let json = folder.appendingPathComponent("r.json").path
    let limited = try CommandLineRun(["run", waits, "--max-virtual-time", "1s", "--json", json, "--no-history"])
    #expect(limited.status == 1)
    let report = try JSONReport.decode(try Data(contentsOf: URL(fileURLWithPath: json)))
    let failure = try #require(report.results.first?.failures.first?.description)
    #expect(failure.contains("more than the limit of 1s"), "\(failure)")
    let standard = try CommandLineRun(["run", waits, "--json", json, "--no-history"])
    let again = try JSONReport.decode(try Data(contentsOf: URL(fileURLWithPath: json)))
    #expect(
      !again.results.flatMap(\.failures).contains { $0.description.contains("limit") }, "\(standard.standardOutput)")
  }

  @Test func explainPrintsTheTimelineOrTheLocatedError() throws {
    let quiet = try write("a-quiet.yaml", "schema: 1\nname: quiet start and stop\nsteps: [start, stop]\n")
    let run = try CommandLineRun(["explain", quiet, "--seed", "5"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardOutput.hasPrefix("scenario: quiet start and stop\nfile: \(quiet)\nseed: 5\n"), "\(run.standardOutput)"
    )
    let broken = try write("b-broken.yaml", "schema: 1\nname: broken\nsteps: [start, { bogus: 1 }]\n")
    let failed = try CommandLineRun(["explain", broken])
    #expect(failed.status == 1)
    #expect(
      failed.errorLines.first?.hasPrefix("speech-replay: error: \(broken):3:18: ") == true, "\(failed.standardError)")
  }

  @Test func theDefaultWorkerIsSpeechReplayItself() throws {
    let quiet = try write("suite/quiet.yaml", "schema: 1\nname: quiet start and stop\nseed: 9\nsteps: [start, stop]\n")
    let broken = try write("suite/z-broken.yaml", "schema: 1\nsteps: [start, { bogus: 1 }]\n")
    let json = folder.appendingPathComponent("r.json").path
    let run = try CommandLineRun(["run", folder.appendingPathComponent("suite").path, "--json", json])
    let report = try JSONReport.decode(try Data(contentsOf: URL(fileURLWithPath: json)))
    #expect(report.results.map(\.file) == [quiet, broken])
    #expect(report.results.map(\.name) == ["quiet start and stop", "z-broken"])
    // The worker ran the scenario in the simulation (its seed and trace came back) rather than crashing.
    #expect(report.results[0].status != .crashed, "\(report.results[0])")
    #expect(report.results[0].seed == 9)
    #expect(!report.results[0].traceHash.isEmpty)
    #expect(report.results[1].status == .failed)
    #expect(
      report.results[1].failures.first?.description.hasPrefix("\(broken):2:18: unknown key 'bogus'") == true,
      "\(report.results[1].failures)")
    #expect(run.status == 1)
    #expect(run.standardOutput.split(separator: "\n").last.map(String.init) == RunSummary(results: report.results).line)
  }

  @Test func junitEscapesWhatXMLCannotHoldAndStaysValid() throws {
    let result = ScenarioResult(
      name: "quotes \" ' and <tags> & \u{1B}[31mcolour\u{1B}[0m 🎙", file: "Scenarios/odd/x.yaml", status: .crashed,
      seed: .max,
      failures: [
        ScenarioFailure(
          "line one\nline two\ttabbed", check: CheckID(.state, "final"),
          at: SourceLocation(file: "Scenarios/odd/x.yaml", line: 1, column: 2))
      ],
      wallSeconds: .infinity, traceHash: "00ff", figures: ["nan": .nan, "ms": 12.5],
      output: "bell \u{07} nul-free ]]> end")
    let file = folder.appendingPathComponent("odd.xml").path
    try Data(JUnitReport(results: [result], runProperties: [("shard", "1/2")]).xml().utf8).write(
      to: URL(fileURLWithPath: file))
    let validation = try XMLLint.validateJUnit(file)
    #expect(validation.status == 0, "\(validation.output)")
    let name = try XMLLint.xpath("string(//testcase/@name)", in: file)
    #expect(name.output == "quotes \" ' and <tags> & \\u{1B}[31mcolour\\u{1B}[0m 🎙")
    let message = try XMLLint.xpath("string(//testcase/error/@message)", in: file)
    #expect(message.output == "Scenarios/odd/x.yaml:1:2: line one\nline two\ttabbed")
    let output = try XMLLint.xpath("string(//testcase/system-out)", in: file)
    #expect(output.output == "bell \\u{7} nul-free ]]> end")
    let time = try XMLLint.xpath("string(//testcase/@time)", in: file)
    #expect(time.output == "0.000")
  }

  @Test func theWorkerIsThisExecutableWithItsFlagsPassedExplicitly() throws {
    // A crashing probe worker's message names the reproduction command with every flag the parent passed.
    let crash = try probeScenario("crash.yaml", name: "crash", mode: "trap")
    let json = folder.appendingPathComponent("r.json").path
    _ = try CommandLineRun(
      [
        "run", crash, "--worker", try BuiltExecutable.url(named: "scenario-worker-probe").path, "--record", "missing",
        "--fail-on-obsolete",
        "--subject", "LiveTranscription", "--json", json, "--no-history",
      ])
    let report = try JSONReport.decode(try Data(contentsOf: URL(fileURLWithPath: json)))
    let message = report.results.first?.failures.first?.message ?? ""
    #expect(
      message.contains(
        "scenario-worker-probe run-scenario \(crash) --record missing --subject LiveTranscription --fail-on-obsolete"),
      "\(message)")
  }
}

/// `run --timeout` and SIGINT/SIGTERM: a hanging worker never hangs the parent, and nothing the run
/// started outlives it. The `hang` probe writes its pid beside its scenario and never ends.
@Suite struct RunCommandTimeoutTests {
  let folder: URL

  init() throws {
    folder = try TemporaryFolder(prefix: "RunCommandTimeoutTests").url
  }

  private func probeScenario(_ relative: String, name: String, mode: String) throws -> String {
    let url = folder.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("schema: 1\nname: \(name)\nsteps: [start, stop]\n# probe: \(mode)\n".utf8).write(to: url)
    return url.path
  }

  private var probe: String { get throws { try CommandLineRun.executable(named: "scenario-worker-probe").path } }

  /// The pid a `hang` probe wrote for `file`.
  private func pid(of file: String) throws -> pid_t {
    let text = try String(contentsOfFile: file + ".pid", encoding: .utf8)
    return try #require(pid_t(text.split(separator: "\n").first.map(String.init) ?? ""))
  }

  private func isGone(_ pid: pid_t) -> Bool {
    kill(pid, 0) == -1 && errno == ESRCH
  }

  @Test(arguments: [false, true])
  func aHangingWorkerTimesOutAndFailsTheRun(checkDeterminism: Bool) throws {
    let hang = try probeScenario("suite/a-hang.yaml", name: "hangs", mode: "hang")
    try probeScenario("suite/b-pass.yaml", name: "passes", mode: "pass")
    let junit = folder.appendingPathComponent("junit.xml").path
    let json = folder.appendingPathComponent("report.json").path
    let history = folder.appendingPathComponent("history.sqlite").path
    let run = try CommandLineRun(
      [
        "run", folder.appendingPathComponent("suite").path, "--worker", try probe, "--timeout", "1", "--jobs", "2",
        "--junit", junit, "--json", json,
        "--history", history,
      ]
        + (checkDeterminism ? ["--check-determinism"] : []))
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    #expect(!run.endedBySignal)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("TIMEOUT hangs (\(hang))") }, "\(run.standardOutput)")
    #expect(
      lines.contains { $0.hasPrefix("timed out after 1 s (--timeout); the worker was killed") }, "\(run.standardOutput)"
    )
    #expect(lines.last == "1 passed, 0 failed, 1 timed out")
    #expect(isGone(try pid(of: hang)))

    let report = try JSONReport.decode(try Data(contentsOf: URL(fileURLWithPath: json)))
    #expect(report.results.map(\.status) == [.timedOut, .passed])
    #expect(report.summary.timedOut == 1)
    let validation = try XMLLint.validateJUnit(junit)
    #expect(validation.status == 0, "\(validation.output)")
    let type = try XMLLint.xpath("string(//testcase[@name='hangs']/error/@type)", in: junit)
    #expect(type.output == "timedOut")
    let message = try XMLLint.xpath("string(//testcase[@name='hangs']/error/@message)", in: junit)
    #expect(message.output.hasPrefix("timed out after 1 s"), "\(message.output)")
    let listed = try CommandLineRun(["history", "--history", history])
    #expect(
      listed.standardOutput.contains("  1 passed, 0 failed, 0 crashed, 1 timed out  "), "\(listed.standardOutput)")
  }

  @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
  func aSignalKillsTheWorkersWritesTheReportsAndExits(signal: Int32, status: Int32) throws {
    let hangs = [
      try probeScenario("suite/a-hang.yaml", name: "first hangs", mode: "hang"),
      try probeScenario("suite/c-hang.yaml", name: "second hangs", mode: "hang"),
    ]
    try probeScenario("suite/b-pass.yaml", name: "passes", mode: "pass")
    try probeScenario("suite/d-pass.yaml", name: "never starts", mode: "pass")
    let junit = folder.appendingPathComponent("junit.xml").path
    // Two jobs: both hanging workers run at once, so the fourth scenario never starts.
    let run = try CommandLineRun([
      "run", folder.appendingPathComponent("suite").path, "--worker", try probe, "--jobs", "2", "--timeout", "0",
      "--junit", junit,
    ]) {
      process in
      // The one wait of this test: until both workers are up (they then never end by themselves).
      let deadline = Date().addingTimeInterval(120)
      while !hangs.allSatisfy({ FileManager.default.fileExists(atPath: $0 + ".pid") }) {
        guard Date() < deadline, process.isRunning else {
          throw CommandLineRunError(message: "the hanging workers never started")
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
      kill(process.processIdentifier, signal)
    }
    #expect(run.status == status, "\(run.standardOutput)\(run.standardError)")
    #expect(!run.endedBySignal, "the parent caught the signal rather than dying of it")
    for file in hangs { #expect(isGone(try pid(of: file)), "the worker of \(file) outlived the run") }
    #expect(
      run.standardError.contains("interrupted by \(signal == SIGTERM ? "SIGTERM" : "SIGINT")"), "\(run.standardError)")
    let validation = try XMLLint.validateJUnit(junit)
    #expect(validation.status == 0, "\(validation.output)")
    let skipped = try XMLLint.xpath("count(//testcase/skipped)", in: junit)
    #expect(skipped.output == "3", "the two killed and the one never started")
    let passed = try XMLLint.xpath("count(//testcase[@name='passes']/*)", in: junit)
    #expect(passed.output == "0", "the scenario that finished is reported as passed")
  }
}
