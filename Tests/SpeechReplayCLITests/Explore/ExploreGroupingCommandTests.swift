import Foundation
import SpeechReplayTestSupport
import Testing

/// `speech-replay explore` through the binary: the console and `--json` say how the failing runs
/// were grouped into findings by check and cause (Documentation/Explore.md, "Findings").
@Suite struct ExploreGroupingCommandTests {
  /// The converter skipped at 16 kHz, over 40 runs in two workers: one finding whose count is every
  /// failing run, the same in the summary line, the console's FAIL line and the JSON report.
  @Test func theConsoleAndTheJSONReportSayTheGrouping() throws {
    let folder = try TemporaryFolder(prefix: "ExploreGroupingCommandTests")
    defer { folder.remove() }
    let out = folder.url.appendingPathComponent("found").path
    let json = folder.url.appendingPathComponent("explore.json").path
    let run = try CommandLineRun(
      [
        "explore", "Scenarios/hello-world.yaml", "Scenarios/two-commands.yaml", "--runs", "40", "--seed", "1",
        "--jobs", "2", "--shrink-budget", "40", "--out", out, "--json", json,
      ],
      environment: ["SPEECH_REPLAY_BUG_ZOO_FAULTS": "skipsConverterWhenRatesMatch"])
    #expect(run.status == 1, "\(run.standardOutput)\n\(run.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    let failing = try #require(report["failingRuns"] as? Int)
    #expect(failing >= 2, "\(report)")
    #expect(report["runs"] as? Int == 40)
    let findings = try #require(report["findings"] as? [[String: Any]])
    #expect(findings.count == 1, "\(findings)")
    let finding = try #require(findings.first)
    #expect(finding["check"] as? String == "invariant.analyzer-input-format")
    #expect(finding["failingRuns"] as? Int == failing)
    #expect((finding["runs"] as? [[String: Any]])?.count == failing)
    let kinds = (finding["cause"] as? [String: Any])?["kinds"] as? [String]
    #expect(kinds?.contains("hardware") == true || kinds?.contains("route") == true, "\(finding)")
    let reproducer = try #require(finding["reproducer"] as? String)
    #expect(FileManager.default.fileExists(atPath: reproducer), "\(reproducer)")
    #expect(
      try String(contentsOfFile: reproducer, encoding: .utf8).contains("# Failing runs it stands for: \(failing) — "))
    #expect(
      run.standardOutput.contains("FAIL invariant.analyzer-input-format (run "), "\(run.standardOutput)")
    #expect(run.standardOutput.contains("; \(failing) failing runs ("), "\(run.standardOutput)")
    #expect(
      run.standardOutput.contains(
        "\(failing) failing runs, 1 distinct failure (findings by check and cause: 1 over 1 check)"),
      "\(run.standardOutput)")
  }
}
