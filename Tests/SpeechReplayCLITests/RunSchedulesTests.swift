import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// `run --schedules N` and `--schedule-seed N` through the built binary: one pass per seed, each
/// result naming its schedule; the two options exclude each other.
@Suite struct RunSchedulesTests {
  @Test func schedulesRunOnePassPerSeedAndNameIt() throws {
    let folder = try TemporaryFolder(prefix: "RunSchedulesTests")
    defer { folder.remove() }
    let json = folder.url.appendingPathComponent("report.json").path
    let run = try CommandLineRun([
      "run", "Scenarios/hello-world.yaml", "--schedules", "2", "--no-history", "--jobs", "1", "--json", json,
    ])
    #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
    let results = try #require(report?["results"] as? [[String: Any]])
    #expect(results.compactMap { $0["scheduleSeed"] as? Int } == [1, 2], "\(results)")
  }

  @Test func schedulesAndAScheduleSeedExcludeEachOther() throws {
    let run = try CommandLineRun([
      "run", "Scenarios/hello-world.yaml", "--schedules", "2", "--schedule-seed", "1", "--no-history",
    ])
    #expect(run.status == 64, "\(run.standardError)")
    #expect(run.standardError.contains("give one of them"), "\(run.standardError)")
  }
}
