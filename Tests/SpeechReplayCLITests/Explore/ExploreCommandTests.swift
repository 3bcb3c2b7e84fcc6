import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// `speech-replay explore` through the built binary, its runs in worker processes.
@Suite struct ExploreCommandTests {
  /// Through an app's own executable: the reproducer's header holds complete commands for it, and a
  /// crash's command names the reproducer under --out, not explore's deleted temporary file.
  @Test func anExploredCrashKeepsItsReproducerAndHeadersAreCompleteCommands() throws {
    let folder = try TemporaryFolder(prefix: "ExploreCommandTests")
    defer { folder.remove() }
    let out = folder.url.appendingPathComponent("explore").path
    let run = try CommandLineRun(
      [
        "explore", "Scenarios/hello-world.yaml", "Scenarios/silence.yaml", "--runs", "1", "--seed", "1", "--jobs", "1",
        "--shrink-budget", "0", "--subject", "app-tap-main", "--out", out,
      ], executable: "app-replay-probe")
    #expect(run.status == 1, "\(run.standardOutput)\n\(run.standardError)")
    let files = try FileManager.default.contentsOfDirectory(atPath: out)
    let file = try #require(files.first, "\(run.standardOutput)")
    let reproducer = try String(contentsOfFile: (out as NSString).appendingPathComponent(file), encoding: .utf8)
    #expect(
      reproducer.contains(
        "# Found by `app-replay-probe explore Scenarios/hello-world.yaml Scenarios/silence.yaml --seed 1 --runs 1 --subject app-tap-main --out \(out)` in run 1"
      ), "\(reproducer)")
    #expect(
      reproducer.contains("# It fails on its own: `app-replay-probe run \(out)/\(file) --subject app-tap-main`"),
      "\(reproducer)")
    // The crash's command names the reproducer, not the temporary file explore deleted.
    #expect(reproducer.contains("app-replay-probe run-scenario \(out)/\(file) "), "\(reproducer)")
    #expect(!reproducer.contains("speech-replay-explore-"), "\(reproducer)")
  }

  @Test func aFaultIsFoundInWorkersAndItsReproducerWritten() throws {
    let out = try TemporaryFolder(prefix: "ExploreCommandTests")
    defer { out.remove() }
    let run = try CommandLineRun(
      [
        "explore", "Scenarios/hello-world.yaml", "--runs", "3", "--seed", "1", "--jobs", "2", "--shrink-budget", "8",
        "--out", out.url.path,
      ],
      environment: ["SPEECH_REPLAY_BUG_ZOO_FAULTS": "stopIgnoresInFlightDownload"])
    #expect(run.status == 1, "\(run.standardOutput)\n\(run.standardError)")
    #expect(run.standardOutput.contains("FAIL run.timers (run 3, Scenarios/hello-world.yaml)"), "\(run.standardOutput)")
    #expect(run.standardOutput.contains("explored 3 runs (seed 1)"), "\(run.standardOutput)")
    #expect(run.standardError.contains("runs 3/3"), "the progress line: \(run.standardError)")
    let files = try FileManager.default.contentsOfDirectory(atPath: out.url.path)
    #expect(files == ["explore-hello-world-run-timers.yaml"])
    let reproducer = try String(contentsOf: out.url.appendingPathComponent(files.first ?? ""), encoding: .utf8)
    #expect(
      reproducer.contains(
        "# Found by `speech-replay explore Scenarios/hello-world.yaml --seed 1 --runs 3 --subject LiveTranscription --out \(out.url.path)` in run 3"
      ), "\(reproducer)")
    #expect(reproducer.contains("# Failure:"))
    #expect(reproducer.contains("{ kind: download"), "\(reproducer)")
  }

  /// A tap during a download starts a second preparation whose wait replaces the first: found in
  /// 8 runs, shrunk to a short download and a double start; the reproducer fails on its own in a
  /// worker (at 10 minutes of virtual time; the normal runner's 24 h gives the same failure, slower)
  /// and the reference stack passes it.
  @Test func aStartDuringADownloadIsFoundAndItsReproducerFailsOnItsOwn() throws {
    let out = try TemporaryFolder(prefix: "ExploreCommandTests")
    defer { out.remove() }
    let fault = ["SPEECH_REPLAY_BUG_ZOO_FAULTS": "startsTwiceWhilePreparing"]
    let run = try CommandLineRun(
      [
        "explore", "Scenarios/hello-world.yaml", "Scenarios/two-commands.yaml", "--runs", "8", "--jobs", "2", "--out",
        out.url.path,
      ], environment: fault)
    #expect(run.status == 1, "\(run.standardOutput)\n\(run.standardError)")
    #expect(
      run.standardOutput.contains("FAIL run.timers (run 8, Scenarios/two-commands.yaml)"), "\(run.standardOutput)")
    let file = out.url.appendingPathComponent("explore-two-commands-run-timers.yaml").path
    let reproducer = try String(contentsOfFile: file, encoding: .utf8)
    #expect(reproducer.contains("{ kind: download"), "\(reproducer)")
    #expect(reproducer.contains("pattern: doubleStart"), "\(reproducer)")
    // Its own name: a suite holding both files keeps two results apart (the history keys them by name).
    #expect(
      reproducer.contains(
        "a misheard word is corrected before its final (explore reproducer: run.timers, seed 1, run 8)"),
      "\(reproducer)")
    let steps = reproducer.split(separator: "\n").drop { $0 != "steps:" }.dropFirst().prefix { $0.hasPrefix("-") }
    // Shrinking keeps the same reason (the opening words of the message, which name what still
    // waits), so one step more stays than when only the check had to match.
    #expect(steps.count <= 5, "\(reproducer)")
    let alone = try CommandLineRun(["run-scenario", file, "--simulation-time-limit", "10m"], environment: fault)
    #expect(alone.standardOutput.contains("the subject still had timers pending after 10m"), "\(alone.standardOutput)")
    let reference = try CommandLineRun(["run-scenario", file, "--simulation-time-limit", "10m"])
    #expect(reference.standardOutput.contains("\"status\":\"passed\""), "\(reference.standardOutput)")
  }

  @Test func theReferenceStackPassesAndBadArgumentsAreUsageErrors() throws {
    let run = try CommandLineRun([
      "explore", "Scenarios/two-commands.yaml", "--runs", "4", "--jobs", "2", "--shard", "1/2",
    ])
    #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
    #expect(
      run.standardOutput.contains("explored 2 runs (seed 1)"), "the shard holds runs 0 and 2: \(run.standardOutput)")
    #expect(run.standardOutput.contains("0 failing runs, 0 distinct failures"))
    let bad = try CommandLineRun(["explore", "Scenarios/two-commands.yaml", "--runs", "0"])
    #expect(bad.status == 64)
    let noDuration = try CommandLineRun(["explore", "Scenarios/two-commands.yaml", "--time-limit", "soon"])
    #expect(noDuration.status == 64)
    #expect(noDuration.standardError.contains("--time-limit 'soon' is not a duration"))
  }
}
