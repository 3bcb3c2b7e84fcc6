import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// Loading runs inside the run's time limit: `run --timeout` bounds the parent's loading of each
/// scenario file as it bounds a worker, so a scenario whose loading takes longer is a timed-out
/// scenario naming the file, and no worker runs it.
@Suite struct LoadingTimeLimitTests {
  /// 40 000 words in utterances of ten: accepted by the loader's bounds, and about a second of
  /// loading in a debug build (reading the table and generating the results), twenty times the limit.
  @Test func aScenarioWhoseLoadingTakesLongerThanTheTimeoutTimesOutNamingTheFile() throws {
    let folder = try TemporaryFolder(prefix: "LoadingTimeLimitTests")
    defer { folder.remove() }
    var lines = ["start_sample\tend_sample\tstart_s\tend_s\tword"]
    var sample = 0
    for index in 0..<40_000 {
      lines.append("\(sample)\t\(sample + 1_440)\t0\t0\tw\(index)")
      sample += index % 10 == 9 ? 17_600 : 1_600
    }
    try (lines.joined(separator: "\n") + "\n").write(
      to: folder.url.appendingPathComponent("long.words.tsv"), atomically: true, encoding: .utf8)
    let audio = CommandLineRun.repositoryRoot.appendingPathComponent("fixtures/audio/hello-world.wav").path
    let slow = folder.url.appendingPathComponent("slow.yaml").path
    try
      "schema: 1\nname: slow to load\naudio: \(audio)\nmodel:\n  transcript: long.words.tsv\nsteps: [start, { play: end }, stop]\n"
      .write(toFile: slow, atomically: true, encoding: .utf8)
    let json = folder.url.appendingPathComponent("report.json").path
    let run = try CommandLineRun(["run", slow, "--timeout", "0.05", "--no-history", "--json", json])
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    let report = try JSONReport.decode(try Data(contentsOf: URL(fileURLWithPath: json)))
    #expect(report.results.map(\.status) == [.timedOut], "\(report.results.map(\.failures))")
    let failure = try #require(report.results.first?.failures.first)
    #expect(failure.check == CheckID(.run, "timeout"), "\(failure)")
    // The parent's words, not a killed worker's: no worker ran it.
    #expect(
      failure.message.contains(
        "loading \(slow) took longer than the 0.05 s time limit (--timeout), so no worker ran it"),
      "\(failure)")
    #expect(failure.location?.file == slow)
    #expect(run.standardOutput.contains("TIMEOUT slow (\(slow))"), "\(run.standardOutput)")
  }
}
