import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

@Suite("History store")
struct HistoryStoreTests {
  static func result(
    _ name: String, status: ScenarioResult.Status = .passed, wall: Double = 0.5, hash: String = "abc",
    figures: Figures = [:]
  )
    -> ScenarioResult
  {
    ScenarioResult(
      name: name, file: "Scenarios/\(name).yaml", status: status, seed: UInt64.max - 3, wallSeconds: wall,
      virtualSeconds: 4.25,
      traceHash: hash, figures: figures)
  }

  @Test func aRunRoundTripsWithItsMetadataResultsAndFigures() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try HistoryStore(path: folder.url.appendingPathComponent("nested/history.sqlite").path)
    let started = Date(timeIntervalSince1970: 1_800_000_000)
    let metadata = RunMetadata(
      startedAt: started, gitCommit: String(repeating: "a1", count: 20), seed: 42, mode: "aware", shard: "2/3",
      host: "ci-box", toolVersion: "9.9")
    let id = try store.record(
      metadata,
      results: [
        Self.result(
          "hello",
          figures: Figures([
            Figure("results", 3, unit: .count), Figure("wall.startup", 0.2, unit: .seconds, clock: .wall),
          ])),
        Self.result("broken", status: .failed, wall: 1.5, hash: "def"),
      ])
    let run = try #require(try store.run(id: id))
    #expect(run.metadata == metadata)
    #expect(run.passed == 1 && run.failed == 1 && run.crashed == 0 && run.total == 2)
    let results = try store.results(ofRun: id)
    #expect(results.map(\.name) == ["hello", "broken"])
    #expect(results[0].seed == UInt64.max - 3)
    #expect(results[0].virtualSeconds == 4.25)
    #expect(results[0].figures["results"] == .init(value: 3, kind: .virtual))
    #expect(results[0].figures["wall.startup"] == .init(value: 0.2, kind: .wall))
    #expect(results[0].figures["wallSeconds"] == .init(value: 0.5, kind: .wall))
    #expect(results[1].status == .failed && results[1].traceHash == "def" && results[1].wallSeconds == 1.5)
    #expect(try store.integrityCheck() == "ok")
  }

  @Test func historyListsRunsNewestFirstAndReopens() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.url.appendingPathComponent("history.sqlite").path
    let first = try HistoryStore(path: path).record(RunMetadata(), results: [Self.result("a")])
    let second = try HistoryStore(path: path).record(
      RunMetadata(seed: 7), results: [Self.result("a"), Self.result("b", status: .crashed)])
    let store = try HistoryStore(path: path)
    let runs = try store.runs()
    #expect(runs.map(\.id) == [second, first])
    #expect(runs[0].crashed == 1 && runs[0].metadata.seed == 7)
    #expect(try store.latestRunID() == second)
    #expect(try store.runs(limit: 1).count == 1)
  }

  @Test func lastWallSecondsAreEachFilesNewest() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try HistoryStore(path: folder.url.appendingPathComponent("history.sqlite").path)
    #expect(try store.lastWallSeconds().isEmpty)
    try store.record(RunMetadata(), results: [Self.result("a", wall: 3), Self.result("b", wall: 1)])
    try store.record(RunMetadata(), results: [Self.result("a", wall: 2), Self.result("c", status: .crashed, wall: 5)])
    #expect(try store.lastWallSeconds() == ["Scenarios/a.yaml": 2, "Scenarios/b.yaml": 1, "Scenarios/c.yaml": 5])
  }

  @Test func anUnknownRunIsAClearError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.url.appendingPathComponent("history.sqlite").path
    let store = try HistoryStore(path: path)
    let error = #expect(throws: HistoryError.self) { try store.results(ofRun: 99) }
    #expect(error?.message == "\(path): there is no run 99; list the runs with `speech-replay history`")
  }

  @Test func aFileThatIsNotADatabaseIsAClearError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("history.sqlite", String(repeating: "not sqlite at all\n", count: 100))
    let error = #expect(throws: HistoryError.self) { try HistoryStore(path: path) }
    #expect(error?.message.hasPrefix("\(path): cannot open the run history (") == true)
    #expect(error?.message.contains("move it away to start a new history") == true)
  }

  @Test func theLocationComesFromTheFlagThenTheEnvironmentThenTheDefault() {
    #expect(HistoryLocation.path(option: "a.sqlite", environment: ["SPEECH_REPLAY_HISTORY": "b.sqlite"]) == "a.sqlite")
    #expect(HistoryLocation.path(option: nil, environment: ["SPEECH_REPLAY_HISTORY": "b.sqlite"]) == "b.sqlite")
    #expect(HistoryLocation.path(option: nil, environment: [:]) == ".speech-replay/history.sqlite")
    #expect(HistoryLocation.path(option: "a.sqlite", disabled: true, environment: [:]) == nil)
  }

  @Test func theCommitIsReadFromHeadAndItsRefs() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let loose = String(repeating: "1234abcd", count: 5)
    let packed = String(repeating: "feedbeef", count: 5)
    try folder.write("repo/.git/HEAD", "ref: refs/heads/main\n")
    try folder.write("repo/.git/refs/heads/main", loose + "\n")
    try folder.write("repo/sub/dir/file.txt", "x")
    #expect(GitCommit.current(in: folder.url.appendingPathComponent("repo/sub/dir").path) == loose)
    try folder.write("packed/.git/HEAD", "ref: refs/heads/topic\n")
    try folder.write("packed/.git/packed-refs", "# pack-refs with: peeled\n\(packed) refs/heads/topic\n")
    #expect(GitCommit.current(in: folder.url.appendingPathComponent("packed").path) == packed)
    try folder.write("detached/.git/HEAD", loose + "\n")
    #expect(GitCommit.current(in: folder.url.appendingPathComponent("detached").path) == loose)
    try folder.write("broken/.git/HEAD", "ref: refs/heads/missing\n")
    #expect(GitCommit.current(in: folder.url.appendingPathComponent("broken").path) == nil)
  }
}

@Suite struct RunTimingModeTests {
  @Test func theRunsModeFollowsItsScenariosModelCost() {
    func result(_ cost: Double?) -> ScenarioResult {
      ScenarioResult(
        name: "s", file: "s.yaml", status: .passed, seed: 1, figures: cost.map { ["timing.modelCost": $0] } ?? [:])
    }
    #expect(RunMetadata.timingMode(of: [result(nil), result(0)]) == "unaware")
    #expect(RunMetadata.timingMode(of: [result(0.3), result(2)]) == "aware")
    #expect(RunMetadata.timingMode(of: [result(0.3), result(0)]) == "mixed")
  }
}
