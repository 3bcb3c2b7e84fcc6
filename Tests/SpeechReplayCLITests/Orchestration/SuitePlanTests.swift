import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

@Suite struct SuitePlanTests {
  /// An engine that names a scenario by its `name:` line and rejects files containing `broken`.
  static let engine = ScenarioEngine(
    name: { file in
      let text = try String(contentsOfFile: file, encoding: .utf8)
      if text.contains("broken") { throw OrchestrationError(.badArgument, "\(file):1:1: broken") }
      return text.split(separator: "\n").first { $0.hasPrefix("name: ") }.map { String($0.dropFirst(6)) } ?? "unnamed"
    },
    run: { file, seed in ScenarioResult(name: file, file: file, status: .passed, seed: seed ?? 0) },
    explain: { file, _ in file })

  @Test func filterMatchesNameOrPath() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let offline = try folder.write("s/offline.yaml", "name: first run offline\n")
    let cycles = try folder.write("s/lifecycle/cycles.yaml", "name: twenty cycles\n")
    try folder.write("s/volatile.yaml", "name: volatile replaced\n")
    let byName = try SuitePlan(
      paths: [folder.path + "/s"], filter: ScenarioFilter(pattern: "^first|cycles$"), engine: Self.engine)
    #expect(
      byName.scenarios == [
        PlannedScenario(file: cycles, name: "twenty cycles"), PlannedScenario(file: offline, name: "first run offline"),
      ])
    let byPath = try SuitePlan(
      paths: [folder.path + "/s"], filter: ScenarioFilter(pattern: "lifecycle/"), engine: Self.engine)
    #expect(byPath.scenarios.map(\.file) == [cycles])
    #expect(byPath.discoveredCount == 3)
  }

  @Test func filterMatchingNothingIsAnError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("s/a.yaml", "name: a\n")
    #expect {
      try SuitePlan(paths: [folder.path + "/s"], filter: ScenarioFilter(pattern: "zzz"), engine: Self.engine)
    } throws: { error in
      (error as? OrchestrationError)?.message.contains("--filter 'zzz' matches none of the 1 scenarios") == true
    }
  }

  @Test func invalidPatternIsRejected() {
    #expect {
      try ScenarioFilter(pattern: "(unclosed")
    } throws: { error in
      (error as? OrchestrationError)?.message.hasPrefix("--filter '(unclosed' is not a valid regular expression")
        == true
    }
  }

  @Test func unloadableFilesAreKeptUnderTheirFileName() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let broken = try folder.write("s/broken-one.yaml", "broken\n")
    let plan = try SuitePlan(paths: [broken], engine: Self.engine)
    #expect(plan.scenarios == [PlannedScenario(file: broken, name: "broken-one")])
  }

  @Test func shardsTogetherCoverTheSuiteOnceAndKeepItsOrder() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for index in 0..<40 { try folder.write("s/\(index / 10)/scenario-\(index).yaml", "name: scenario \(index)\n") }
    let all = try SuitePlan(paths: [folder.path + "/s"], engine: Self.engine).scenarios
    #expect(all.count == 40)
    for count in [1, 2, 3, 5] {
      var seen: [PlannedScenario] = []
      for index in 1...count {
        let part = try SuitePlan(
          paths: [folder.path + "/s"], shard: Shard(index: index, count: count), engine: Self.engine
        ).scenarios
        // Each shard keeps suite order.
        #expect(part == all.filter { part.contains($0) })
        seen += part
      }
      #expect(seen.count == all.count, "shards of \(count) ran \(seen.count) scenarios")
      #expect(Set(seen) == Set(all))
    }
  }

  @Test func startOrderIsLongestFirstWithUnknownScenariosBeforeAll() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for name in ["a", "b", "c", "d", "e", "f"] { try folder.write("s/\(name).yaml", "name: \(name)\n") }
    let plan = try SuitePlan(paths: [folder.path + "/s"], engine: Self.engine)
    #expect(plan.scenarios.map(\.name) == ["a", "b", "c", "d", "e", "f"])
    let file = Dictionary(uniqueKeysWithValues: plan.scenarios.map { ($0.name, $0.file) })
    // b and e were never recorded; c and f tie, so they keep suite order.
    let times = [file["a"]!: 0.5, file["c"]!: 2.0, file["d"]!: 7.25, file["f"]!: 2.0, "elsewhere/old.yaml": 100]
    #expect(plan.startOrder(lastWallSeconds: times).map { plan.scenarios[$0].name } == ["b", "e", "d", "c", "f", "a"])
    // Without a history every scenario is unknown: suite order.
    #expect(plan.startOrder(lastWallSeconds: [:]) == Array(0..<6))
  }
}
