import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// The scenario keys of budgets, timing, leaks and metrics: read into values, and every mistake
/// reported at its line with how to fix it.
@Suite struct PerformanceDecodingTests {
  func load(_ extra: String, steps: String = "[start, stop]") throws -> Scenario {
    try Scenario.load(fileAt: try TestFiles.write("schema: 1\nsteps: \(steps)\n\(extra)\n"))
  }

  func error(_ extra: String, steps: String = "[start, stop]") throws -> String {
    let path = try TestFiles.write("schema: 1\nsteps: \(steps)\n\(extra)\n")
    do {
      _ = try Scenario.load(fileAt: path)
      return "no error"
    } catch {
      return error.description.replacingOccurrences(of: path, with: "scenario.yaml")
    }
  }

  @Test func readsBudgetsWithStatistics() throws {
    let scenario = try load(
      "expect: { budgets: { firstVolatile: 500ms, final: { p90: 1.2s, max: 2s }, stopToIdle: 300ms } }")
    let limits = scenario.expectations.budgets.limits
    #expect(limits.map(\.measure) == [.firstVolatile, .final, .final, .stopToIdle])
    #expect(limits.map(\.statistic) == [.each, .p90, .max, .each])
    #expect(limits.map(\.limit) == [.milliseconds(500), .milliseconds(1200), .seconds(2), .milliseconds(300)])
    #expect(limits.first?.location?.line == 3)
  }

  @Test func readsTimingModes() throws {
    #expect(try load("timing: unaware").timing == .unaware)
    let aware = try load("timing: { mode: aware, modelCost: 0.3 }")
    #expect(aware.timing == .aware(modelCost: 0.3))
    #expect(aware.device.modelComputeCost == 0.3)
    #expect(try load("").timing == .unaware, "unaware by default")
  }

  @Test func readsLeaksAndMetrics() throws {
    let scenario = try load(
      "expect: { leaks: { window: 2, heapBytesPerCycle: 4096 }, metrics: { upwr: { max: 0.2 }, editsPerSecond: { min: 0, max: 1 } } }",
      steps: "[{ cycle: { count: 5, steps: [start, stop] } }]")
    #expect(
      scenario.expectations.leaks
        == Scenario.Leaks(
          window: 2, heapBytesPerCycle: 4096, isExplicit: true, at: scenario.expectations.leaks.location))
    #expect(scenario.expectations.metrics.bounds.map(\.metric) == [.upwr, .editsPerSecond])
    #expect(scenario.expectations.metrics.bounds.map(\.max) == [0.2, 1])
  }

  @Test func mistakesAreLocatedAndSayHowToFixThem() throws {
    #expect(
      try error("expect: { budgets: { firstVolatil: 500ms } }")
        == "scenario.yaml:3:22: unknown key 'firstVolatil' in 'expect.budgets'; expected one of firstVolatile, final, modelReady, stopToIdle, cycle, did you mean 'firstVolatile'?"
    )
    #expect(
      try error("expect: { budgets: { final: fast } }")
        == "scenario.yaml:3:29: 'expect.budgets.final' must be a duration like 500ms or 1.2s, or statistics like { p50: 500ms, p90: 1s, max: 2s }, not 'fast'"
    )
    #expect(
      try error("expect: { budgets: { final: { p95: 1s } } }").hasPrefix(
        "scenario.yaml:3:31: unknown key 'p95' in 'expect.budgets.final'; expected one of each, p50, p90, max"))
    #expect(
      try error("timing: aware")
        == "scenario.yaml:3:9: 'timing: aware' needs the model's cost; write timing: { mode: aware, modelCost: 0.3 } (seconds of compute per second of audio)"
    )
    #expect(
      try error("timing: { mode: aware }")
        == "scenario.yaml:3:9: 'timing' needs the key 'modelCost'; add for example modelCost: 0.3")
    #expect(try error("timing: { mode: unaware, modelCost: 1 }").contains("only applies to mode aware"))
    #expect(try error("timing: { mode: aware, modelCost: 0 }").contains("which is the unaware mode"))
    #expect(
      try error("expect: { leaks: { window: 5 } }")
        == "scenario.yaml:3:18: 'expect.leaks' checks a cycle step but the steps have none; add - cycle: { count: 11, steps: [start, { play: 1s }, stop] }"
    )
    #expect(
      try error("expect: { leaks: { window: 5 } }", steps: "[{ cycle: { count: 10, steps: [start, stop] } }]")
        == "scenario.yaml:3:18: 'expect.leaks' compares windows of 5 cycles and needs at least 11 passes (the first is a warm-up), but the longest cycle step runs 10; raise its count or lower leaks.window"
    )
    #expect(
      try error("expect: { metrics: { upwr: {} } }")
        == "scenario.yaml:3:28: 'expect.metrics.upwr' needs a bound; write upwr: { max: 0.2 }")
    #expect(
      try error("expect: { metrics: { upwr: { min: 2, max: 1 } } }").contains("has min 2.0 above max 1.0; swap them"))
    #expect(
      try error("expect: { metrics: { wer: { max: 1 } } }").contains(
        "unknown key 'wer' in 'expect.metrics'; expected one of upwr, upsr, erasure, editsPerSecond"))
  }
}
