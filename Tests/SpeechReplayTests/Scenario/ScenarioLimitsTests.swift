import Foundation
import ReferenceSubjects
import Simulation
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// Scenarios that would run for days, alias bombs and files too large are refused when loaded, at
/// the place that goes past the limit, with the total and how to raise the limit.
@Suite struct ScenarioLimitsTests {
  func error(_ yaml: String, limits: Scenario.Limits = .standard) throws -> String {
    let path = try TestFiles.write(yaml)
    do {
      _ = try Scenario.load(fileAt: path, limits: limits)
      return "no error"
    } catch {
      #expect(error.location.file == path)
      return error.description.replacingOccurrences(of: path, with: "scenario.yaml")
    }
  }

  @Test func aWaitOfYearsIsRefusedAtItsStep() throws {
    let text = try error("schema: 1\nsteps:\n  - start\n  - wait: 99999999s\n  - stop\n")
    #expect(
      text.hasPrefix(
        "scenario.yaml:4:5: the steps take 1157 days of virtual time in all, more than the limit of 2h 0m"), "\(text)")
    #expect(text.contains("'limits: { virtualTime: 27778h }'") && text.contains("--max-virtual-time 27778h"), "\(text)")
  }

  @Test func nestedCyclesMultiplyAndTheInnermostStepIsNamed() throws {
    let text = try error(
      """
      schema: 1
      steps:
        - cycle:
            count: 10000
            steps:
              - cycle:
                  count: 10000
                  steps:
                    - cycle: { count: 10000, steps: [{ wait: 1ms }] }
      """)
    #expect(
      text.hasPrefix(
        "scenario.yaml:9:50: the steps take 11574 days of virtual time in all, more than the limit of 2h 0m"), "\(text)"
    )
    // 7200 s are 720 passes of the middle cycle (10 s each): the 7 200 001st millisecond is in its 721st.
    #expect(
      text.contains(
        "(pass 1 of 10000 of the cycle at line 9) (pass 721 of 10000 of the cycle at line 6) (pass 1 of 10000 of the cycle at line 3)"
      ), "\(text)")
  }

  @Test func stepCountsAreLimitedEvenWithoutTime() throws {
    let text = try error(
      """
      schema: 1
      steps:
        - cycle:
            count: 10000
            steps:
              - cycle: { count: 10000, steps: [{ snapshot: a }, { network: offline }] }
      """)
    #expect(
      text.hasPrefix(
        "scenario.yaml:6:44: the run performs 200010001 steps in all (cycles multiply), more than the limit of 100000"),
      "\(text)")
    #expect(text.contains("'limits: { steps: 200010001 }'"), "\(text)")
    // 4 outer passes of 20 001 steps, then the inner cycle: its 9998th pass's first step is the 100 001st.
    #expect(
      text.contains("this step (pass 9998 of 10000 of the cycle at line 6) (pass 5 of 10000 of the cycle at line 3)"),
      "\(text)")
  }

  @Test func aScenarioOrTheRunnerCanRaiseTheLimits() throws {
    let long = "schema: 1\nsteps:\n  - wait: 25h\n"
    #expect(try error(long).contains("more than the limit of 2h 0m"))
    #expect(try error("schema: 1\nlimits: { virtualTime: 30h }\nsteps:\n  - wait: 25h\n") == "no error")
    #expect(try error(long, limits: Scenario.Limits(virtualTime: .seconds(26 * 3600))) == "no error")
    // The larger of the two wins: a scenario cannot lower the runner's limit below what it allows.
    #expect(try error("schema: 1\nlimits: { virtualTime: 1h }\nsteps:\n  - wait: 90m\n") == "no error")
    #expect(
      try error("schema: 1\nlimits: { virtualTime: 0s }\nsteps: [stop]\n").contains(
        "'limits.virtualTime' must be longer than 0s"))
  }

  @Test func aSessionOfManyHoursRunsWhenAskedFor() throws {
    let path = try TestFiles.write("schema: 1\nlimits: { virtualTime: 30h }\nsteps:\n  - wait: 29h\n")
    let result = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(result.status == .passed, "\(result.failures)")
    #expect(result.virtualSeconds >= 29 * 3600)
  }

  @Test func theTotalsAreComputedWhenLoaded() throws {
    let path = try TestFiles.write(
      "schema: 1\naudio: audio/hello-world.wav\nsteps:\n  - play: end\n  - cycle: { count: 3, steps: [{ wait: 1s }, { play: end }, stop] }\n"
    )
    let totals = try Scenario.load(fileAt: path).totals
    #expect(totals.steps == 1 + 1 + 3 * 3)
    // The audio once (1.789 s), then three waits of 1 s: later 'play: end' steps find the audio played.
    #expect(
      totals.virtualTime > .milliseconds(4780) && totals.virtualTime < .milliseconds(4800), "\(totals.virtualTime)")
  }

  @Test func theWatchdogNamesTheScenarioAndTheKeyThatRaisesIt() throws {
    let path = try TestFiles.write("schema: 1\nsteps:\n  - start\n  - wait: 1s\n")
    let spinning = SubjectFactory(name: "Spinning") { _ in SpinningSubject() }
    let result = ScenarioRunner(subject: spinning, watchdog: .milliseconds(300)).run(fileAt: path, seed: nil)
    let text = result.failures.map(\.description).joined(separator: "\n")
    #expect(text.hasPrefix("\(path):1:1: the run took more than its wall-clock limit of 1s"), "\(text)")
    #expect(text.contains("'limits: { wallClock: 600s }'"), "\(text)")
    #expect(!text.contains("Configuration.watchdog"), "\(text)")
  }
}

/// YAML bounds: size, aliases, values, nesting.
extension ScenarioLimitsTests {
  @Test func anAliasBombIsRefusedQuickly() throws {
    var yaml = "schema: 1\nsteps: [stop]\nname: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...9 {
      yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    let text = try error(yaml)
    // a4 stands for 111111 values; the second *a4 on a5's line (line 8) passes 250 000.
    #expect(
      text.contains(
        "the alias '*a4' here stands for 111111 values and brings the file to more than 250000 values once aliases are expanded"
      ), "\(text)")
    #expect(text.hasPrefix("scenario.yaml:8:"), "\(text)")
  }

  @Test func aliasBombsInKeysAreRefusedBeforeYamsComparesKeys() throws {
    var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...8 {
      yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    yaml += "b: { ? *a8 : 1, ? *a8 : 2 }\n"
    #expect(try error(yaml).contains("once aliases are expanded"))
  }

  @Test func manyPlainStepsAreRefusedBeforeTheyAreSlow() throws {
    // 300 000 steps in 2.4 MB: under the size bound, over the value bound.
    let yaml = "schema: 1\nsteps:\n" + String(repeating: "- stop\n", count: 300_000)
    let text = try error(yaml)
    #expect(text.contains("the file reaches more than 250000 values here, more than a scenario may have"), "\(text)")
    #expect(text.contains("use a cycle for repeated steps"), "\(text)")
  }

  @Test func deepNestingIsRefused() throws {
    let text = try error(
      "schema: 1\nsteps: " + String(repeating: "[", count: 150) + String(repeating: "]", count: 150) + "\n")
    #expect(text.hasPrefix("scenario.yaml:2:107: lists and mappings nest more than 100 deep here"), "\(text)")
  }

  @Test func tooManyAliasesAreRefused() throws {
    let text = try error("a: &a x\nb: [" + Array(repeating: "*a", count: 10_001).joined(separator: ", ") + "]\n")
    #expect(text.contains("the file has more than 10000 aliases (*name)"), "\(text)")
  }

  @Test func aHugeFileIsRefusedBeforeItIsRead() throws {
    let text = try error("schema: 1\n# " + String(repeating: "x", count: 5 << 20) + "\nsteps: [stop]\n")
    #expect(text.hasPrefix("scenario.yaml:1:1: the scenario file is 524"), "\(text)")
    #expect(text.contains("more than the 4194304 a scenario file may have"), "\(text)")
  }

  @Test func aDurationTooLongForNanosecondsIsNotADuration() throws {
    #expect(try error("schema: 1\nsteps:\n  - wait: 1e30s\n").contains("is not a duration"))
    #expect(try error("schema: 1\nsteps:\n  - wait: 99999999999999s\n").contains("is not a duration"))
  }
}

/// A subject whose start never ends but keeps yielding: only the wall-clock watchdog stops it.
@MainActor
final class SpinningSubject: TranscriptionSubject {
  var uiState = UIState()
  func observeUIState(_ onChange: @escaping @MainActor () -> Void) {}
  func start() async {
    while true { await Task.yield() }
  }
  func stop() async {}
}
