import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// Budgets, timing modes, leak cycles and metric bounds through the runner, on real twins.
@Suite(.serialized) struct PerformanceExpectationTests {
  func run(_ yaml: String, subject: SubjectFactory = .reference) throws -> (run: ScenarioRun, path: String) {
    let path = try TestFiles.write(yaml)
    return (ScenarioRunner(subject: subject).replay(fileAt: path, seed: nil), path)
  }

  static func hello(timing: String = "", expect: String) -> String {
    """
    schema: 1
    name: hello
    audio: audio/hello-world.wav
    \(timing)
    model: { profile: legacy, transcript: audio/hello-world.words.tsv }
    steps:
      - start
      - wait: 300ms
      - play: end
      - wait: 1s
      - stop
    expect:
    \(expect)

    """
  }

  @Test func latenciesAreMeasuredFromSpeechOnsetAndEndInVirtualTime() throws {
    let (run, _) = try run(Self.hello(expect: "  final: { committed: \"Hello world.\" }"))
    #expect(run.result.status == .passed, "\(run.result.failures)")
    let figures = run.result.figures
    // "hello" starts at 0.3 s of the file; its first volatile guess is due at 0.5 s of the file
    // (a 200 ms tick after the onset). The audio through 0.5 s reaches the analyzer with the buffer
    // of 0.6 s, because the converter holds back its look-ahead (libsoxr: up to 15 ms), so the
    // guess shows 0.6 s after the onset — tap-quantised, as on a device.
    #expect(figures["latency.firstVolatile.p50"] == 0.6)
    // "world" ends at 1.2888 s (buffer ending 1.3 s); the final comes 800 ms of silence later, at 2.1 s.
    #expect(figures["latency.final.max"] == 0.8)
    #expect(figures["latency.final.count"] == 1)
    #expect(figures["latency.modelReady.max"] == 0, "the model is installed")
    #expect(figures["latency.stopToIdle.max"] != nil)
    #expect(figures["timing.modelCost"] == 0)
    #expect(figures["metrics.upwr"] == 0, "hello → hello world → Hello world. only extends")
    #expect(figures["metrics.erasure"] == 1, "'hello world' is replaced by 'Hello world.' on screen")
  }

  @Test func anExceededBudgetNamesTheUtteranceTheValueAndTheBudget() throws {
    let (run, path) = try run(Self.hello(expect: "  budgets: { firstVolatile: 400ms, final: { p90: 1s } }"))
    #expect(run.result.status == .failed)
    #expect(
      run.result.failures.map(\.description) == [
        "\(path):13:29: utterance 1 ('Hello world.', speech 0.300s–1.289s of the audio): firstVolatile took 0.600s, over its budget of 0.400s; show volatile results as they arrive (check the model's latency and the input path), or raise the budget"
      ])
  }

  @Test func aPercentileBudgetNamesTheSlowestUtterance() throws {
    let (run, _) = try run(Self.hello(expect: "  budgets: { final: { max: 500ms } }"))
    let message = run.result.failures.first?.message ?? ""
    #expect(
      message.hasPrefix(
        "final max over 1 samples is 0.800s, over its budget of 0.500s (slowest: utterance 1 ('Hello world.'"),
      "\(message)")
  }

  @Test func aBudgetWithNothingToMeasureFails() throws {
    let (run, _) = try run(Self.hello(expect: "  budgets: { cycle: 1s }"))
    #expect(
      run.result.failures.map(\.message).first?.contains("has nothing to measure: no cycle step runs") == true,
      "\(run.result.failures)")
  }

  @Test func awareTimingChargesTheModelsComputeToVirtualTime() throws {
    let unaware = try run(Self.hello(expect: "  final: { committed: \"Hello world.\" }")).run.result.figures
    let aware = try run(
      Self.hello(timing: "timing: { mode: aware, modelCost: 0.3 }", expect: "  final: { committed: \"Hello world.\" }")
    ).run.result
    #expect(aware.status == .passed, "\(aware.failures)")
    #expect(aware.figures["timing.modelCost"] == 0.3)
    // Each buffer costs 30 % of its duration in compute before its results are published: the
    // guess shows that much later than without the cost (converted buffers are about 100 ms; libsoxr
    // gives a few frames more or fewer per buffer as its DFT blocks complete).
    let delay = (aware.figures["latency.firstVolatile.p50"] ?? 0) - (unaware["latency.firstVolatile.p50"] ?? 0)
    #expect(delay > 0.3 * 0.08 && delay < 0.3 * 0.125, "\(delay)")
    #expect((aware.figures["latency.final.max"] ?? 0) > (unaware["latency.final.max"] ?? 0))
  }

  static let cycles = """
    schema: 1
    name: cycles
    steps:
      - cycle:
          count: 11
          steps:
            - start
            - wait: 100ms
            - stop
    expect:
      leaks: { window: 5 }
      budgets: { cycle: 150ms }

    """

  @Test func aSubjectThatReleasesEverythingPassesTheLeakCheck() throws {
    let (run, _) = try run(Self.cycles)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    #expect(run.result.figures["leak.passes"] == 11)
    #expect(run.result.figures["latency.cycle.max"] == 0.1)
    #expect(run.result.figures["leak.heapBytesPerCycle"] != nil)
  }

  @Test func aSubjectThatKeepsOneAnalyzerPerCycleFailsNamingTheType() throws {
    let (run, path) = try run(Self.cycles, subject: .leaky)
    #expect(run.result.status == .failed)
    let messages = run.result.failures.map(\.description)
    let analyzer = messages.first { $0.contains("SpeechTwin.SpeechAnalyzer") }
    #expect(
      analyzer?.hasPrefix("\(path):11:10: leak across 11 cycles: live SpeechTwin.SpeechAnalyzer objects grew from ")
        == true, "\(messages)")
    #expect(analyzer?.contains("(+1 per cycle) and grew in each of 2 windows of 5 cycles") == true, "\(messages)")
    #expect(
      messages.contains { $0.contains("SpeechTwin.SpeechTranscriber objects") }, "the transcriber it holds leaks too")
    #expect(run.result.figures["leak.SpeechTwin.SpeechAnalyzer.perCycle"] == 1)
  }

  @Test func heapGrowthAboveTheLimitIsALeak() throws {
    // 2 MiB kept per cycle against the default limit of 1 MiB per cycle.
    let (run, _) = try run(Self.cycles, subject: .leakyWithHeap)
    let heap = run.result.failures.first { $0.message.contains("the heap grew in each of 2 windows of 5 cycles") }
    #expect(heap?.message.contains("more than heapBytesPerCycle 1048576") == true, "\(run.result.failures)")
    #expect(
      (run.result.figures["leak.heapBytesPerCycle"] ?? 0) > Double(1 << 20),
      "about 2 MiB per cycle; the heap is shared with other tests, so not exact")
  }

  @Test func implicitLeakChecksJudgeOnlyTheRunsOwnResources() throws {
    // Without `leaks:` every cycle step is still measured, but live-object counts are process-wide
    // (parallel tests share them), so only the run's own ledger resources can fail it.
    let yaml = Self.cycles.replacingOccurrences(of: "  leaks: { window: 5 }\n", with: "")
    let (run, _) = try run(yaml, subject: .leaky)
    #expect(run.result.figures["leak.SpeechTwin.SpeechAnalyzer.perCycle"] == 1, "measured and reported")
    #expect(!run.result.failures.contains { $0.message.contains("leak across") }, "\(run.result.failures)")
  }

  @Test func metricBoundsAreAsserted() throws {
    let (passing, _) = try run(Self.hello(expect: "  metrics: { upwr: { max: 0 }, erasure: { max: 1 } }"))
    #expect(passing.result.status == .passed, "\(passing.result.failures)")
    let (failing, path) = try run(Self.hello(expect: "  metrics: { erasure: { max: 0.5 }, upsr: { min: 1 } }"))
    #expect(
      failing.result.failures.map(\.description) == [
        "\(path):13:23: the streaming metric erasure is 1, above its bound 0.5 (0 unstable and 2 erased words over 2 final words, 0 unstable updates); the displayed text is revised more than allowed — show volatile text that extends instead of rewriting, or raise the bound",
        "\(path):13:43: the streaming metric upsr is 0, below its bound 1 (0 unstable and 2 erased words over 2 final words, 0 unstable updates); lower the bound if that is intended",
      ])
  }
}

extension PerformanceExpectationTests {
  @Test func severalUtterancesGivePercentilesAndEachOneIsNamed() throws {
    var scenario = try Scenario.load(fileAt: TestFiles.scenarios.appendingPathComponent("latency-budgets.yaml").path)
    scenario.expectations.budgets = Scenario.Budgets([
      .init(.firstVolatile, limit: .milliseconds(300)), .init(.final, .p50, limit: .seconds(1)),
    ])
    let result = ScenarioRunner(subject: .reference).run(scenario, seed: nil)
    #expect(result.figures["latency.firstVolatile.count"] == 2)
    #expect(result.figures["latency.final.count"] == 2)
    let p50 = result.figures["latency.final.p50"] ?? -1, p90 = result.figures["latency.final.p90"] ?? -1,
      max = result.figures["latency.final.max"] ?? -1
    #expect(p50 > 0 && p50 <= p90 && p90 <= max)
    let messages = result.failures.map(\.message)
    #expect(messages.count == 2, "the final p50 holds; both first volatiles are over 300 ms: \(messages)")
    #expect(
      messages.first?.hasPrefix(
        "utterance 1 ('Turn on the lights.', speech 0.300s–2.022s of the audio): firstVolatile took 0.4") == true,
      "\(messages)")
    #expect(
      messages.last?.hasPrefix(
        "utterance 2 ('Set a timer for ten minutes.', speech 3.522s–6.203s of the audio): firstVolatile took 0.4")
        == true, "\(messages)")
  }
}
