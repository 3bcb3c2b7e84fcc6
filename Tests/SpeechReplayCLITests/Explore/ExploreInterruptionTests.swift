import Foundation
import SpeechReplayTestSupport
import Testing

/// Ctrl-C or SIGTERM while `explore` runs keeps what it found: each finding is written as soon as
/// it is shrunk, and the interrupted exploration prints its summary and exits 130 or 143.
@Suite struct ExploreInterruptionTests {
  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func aSignalKeepsTheFindingsAndPrintsTheSummary(signal: Int32, status: Int32) throws {
    let out = try TemporaryFolder(prefix: "ExploreInterruptionTests")
    defer { out.remove() }
    let reproducer = out.url.appendingPathComponent("explore-two-commands-run-timers.yaml").path
    let run = try CommandLineRun(
      [
        "explore", "Scenarios/hello-world.yaml", "Scenarios/two-commands.yaml", "--runs", "100000", "--jobs", "2",
        "--out", out.url.path,
      ], environment: ["SPEECH_REPLAY_BUG_ZOO_FAULTS": "startsTwiceWhilePreparing"]
    ) { process in
      // The one wait of this test: until the first finding is written (run 8 of the sequence).
      let deadline = Date().addingTimeInterval(240)
      while !FileManager.default.fileExists(atPath: reproducer) {
        guard Date() < deadline, process.isRunning else {
          throw CommandLineRunError(message: "explore wrote no reproducer")
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
      kill(process.processIdentifier, signal)
    }
    #expect(run.status == status, "\(run.standardOutput)\(run.standardError)")
    #expect(!run.endedBySignal)
    #expect(run.standardError.contains("interrupted: finishing the runs under way"), "\(run.standardError)")
    #expect(run.standardOutput.contains("FAIL run.timers"), "\(run.standardOutput)")
    #expect(run.standardOutput.contains("interrupted: the findings so far are kept"), "\(run.standardOutput)")
    #expect(try String(contentsOfFile: reproducer, encoding: .utf8).contains("explore reproducer: run.timers"))
    let left = try FileManager.default.contentsOfDirectory(atPath: out.url.path)
    #expect(!left.contains { $0.hasSuffix(".partial") }, "\(left)")
  }
}
