import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// `run --check-determinism`, the history it records, `history` and `compare` through the built binary.
@Suite struct HistoryCommandTests {
  let folder: URL
  var database: String { folder.appendingPathComponent("history.sqlite").path }

  init() throws {
    folder = try TemporaryFolder(prefix: "HistoryCommandTests").url
  }

  @discardableResult
  private func probeScenario(_ relative: String, name: String, mode: String) throws -> String {
    let url = folder.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("schema: 1\nname: \(name)\nsteps: [start, stop]\n# probe: \(mode)\n".utf8).write(to: url)
    return url.path
  }

  /// Two bundled scenarios, not the whole suite: `ci/main --check-determinism` (run by `.ci/run`)
  /// checks every scenario; this test checks the mechanism and what it records.
  @Test func determinismCheckedScenariosPassAndAreRecorded() throws {
    let run = try CommandLineRun(
      [
        "run", "Scenarios/hello-world.yaml", "Scenarios/aware-timing.yaml", "--check-determinism", "--jobs", "2",
        "--history", database,
      ])
    #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
    #expect(run.errorLines.contains("speech-replay: note: recorded run 1 in \(database)"), "\(run.standardError)")
    let store = try HistoryStore(path: database)
    let recorded = try #require(try store.runs().first)
    #expect(recorded.failed == 0 && recorded.crashed == 0 && recorded.passed == 2)
    // One free-compute and one timing-aware scenario.
    #expect(recorded.metadata.mode == "mixed")
    let results = try store.results(ofRun: recorded.id)
    #expect(results.allSatisfy { $0.traceHash.count == 16 })

    let history = try CommandLineRun(["history", "--history", database])
    #expect(history.status == 0)
    let lines = history.standardOutput.split(separator: "\n")
    #expect(lines.count == 2)
    // A header row, then the run: what it covered last.
    #expect(lines.first?.hasPrefix("run  started (UTC)  ") == true, "\(history.standardOutput)")
    #expect(lines.last?.hasPrefix("  1  ") == true, "\(history.standardOutput)")
    #expect(
      lines.last?.contains("  mixed  all    \(recorded.passed) passed, 0 failed, 0 crashed  ") == true,
      "\(history.standardOutput)")
  }

  @Test func aNonDeterministicScenarioFailsTheCheckNamingTheDivergentEvent() throws {
    let probe = try CommandLineRun.executable(named: "scenario-worker-probe").path
    try probeScenario("suite/a.yaml", name: "steady", mode: "pass")
    try probeScenario("suite/b.yaml", name: "random", mode: "random")
    let run = try CommandLineRun(
      ["run", folder.appendingPathComponent("suite").path, "--worker", probe, "--check-determinism", "--no-history"])
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("the scenario is not deterministic"), "\(run.standardOutput)")
    #expect(
      run.standardOutput.contains("first divergent event #1: expected #1 0.500000000 probe.random token="),
      "\(run.standardOutput)")
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test func compareReportsChangesAndExitsNonZeroOnARegression() throws {
    let probe = try CommandLineRun.executable(named: "scenario-worker-probe").path
    let file = try probeScenario("suite/a.yaml", name: "flaky", mode: "pass")
    try probeScenario("suite/b.yaml", name: "steady", mode: "pass")
    let suite = folder.appendingPathComponent("suite").path
    let environment = ["SPEECH_REPLAY_HISTORY": database]
    #expect(try CommandLineRun(["run", suite, "--worker", probe], environment: environment).status == 0)
    #expect(try CommandLineRun(["run", suite, "--worker", probe], environment: environment).status == 0)
    let same = try CommandLineRun(["compare", "--baseline", "1"], environment: environment)
    #expect(same.status == 0, "\(same.standardOutput)\(same.standardError)")
    #expect(same.standardOutput.hasPrefix("comparing run 2 [commit "), "\(same.standardOutput)")
    #expect(
      same.standardOutput.hasSuffix(
        "] with baseline 1 [commit \(same.standardOutput.dropFirst(24).prefix(12))]\nno changes\n"),
      "\(same.standardOutput)")

    try Data("schema: 1\nname: flaky\nsteps: [start, stop]\n# probe: fail\n".utf8).write(to: URL(fileURLWithPath: file))
    #expect(try CommandLineRun(["run", suite, "--worker", probe], environment: environment).status == 1)
    let worse = try CommandLineRun(["compare", "--baseline", "1", "--history", database])
    #expect(worse.status == 1)
    #expect(worse.standardOutput.contains("REGRESSED  flaky: status passed → failed"), "\(worse.standardOutput)")
    #expect(worse.standardOutput.contains("\nregressions: 1 (run 3 [commit "), "\(worse.standardOutput)")
    // The scenario file was edited to fail: said as a finding of its own, and on the regression.
    #expect(worse.standardOutput.contains("changed    flaky: the scenario file changed between the runs"))
    #expect(worse.standardOutput.contains("REGRESSED  flaky: status passed → failed [the scenario's inputs changed"))
    // The fixed scenario compared with the failing run: an improvement, exit 0.
    let better = try CommandLineRun(["compare", "--baseline", "3", "--run", "2", "--history", database])
    #expect(better.status == 0)
    #expect(better.standardOutput.contains("improved   flaky: status failed → passed"), "\(better.standardOutput)")
  }

  @Test func compareNamesTheDatabaseAndTheMissingRun() throws {
    // Exit status 1 means "regressed": a history or run that does not exist is a usage error instead.
    let missing = try CommandLineRun(["compare", "--baseline", "1", "--history", database])
    #expect(missing.status == 64)
    #expect(missing.errorLines.count == 1)
    #expect(
      missing.errorLines.first?.hasPrefix(
        "speech-replay: error: \(database): there is no history yet; record runs with `speech-replay run`, or name the database with --history PATH"
      ) == true, "\(missing.standardError)")
    let probe = try CommandLineRun.executable(named: "scenario-worker-probe").path
    try probeScenario("suite/a.yaml", name: "one", mode: "pass")
    #expect(
      try CommandLineRun(["run", folder.appendingPathComponent("suite").path, "--worker", probe, "--history", database])
        .status == 0)
    let unknown = try CommandLineRun(["compare", "--baseline", "42", "--history", database])
    #expect(unknown.status == 64)
    #expect(unknown.errorLines.count == 1)
    #expect(
      unknown.errorLines.first?.hasPrefix(
        "speech-replay: error: \(database): there is no run 42; list the runs with `speech-replay history`") == true,
      "\(unknown.standardError)")
    let unknownRun = try CommandLineRun(["compare", "--baseline", "1", "--run", "7", "--history", database])
    #expect(unknownRun.status == 64)
    #expect(unknownRun.standardError.contains("there is no run 7"), "\(unknownRun.standardError)")
    // One run: nothing earlier to compare it with.
    let usage = try CommandLineRun(["compare", "--history", database])
    #expect(usage.status == 64)
    #expect(usage.standardError.contains("no run before run 1 covered the same files"), "\(usage.standardError)")
    let malformed = try CommandLineRun(["compare", "--baseline", "yesterday", "--history", database])
    #expect(malformed.status == 64)
    #expect(malformed.standardError.contains("--baseline yesterday: not a run id, `last` or `last-labelled`"))
  }
}
