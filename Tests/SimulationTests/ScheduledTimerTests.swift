import Dispatch
import Simulation
import Testing

/// The timers a run still has armed, with who armed them and since when: what the end-state check
/// reads to name the timers a stack left behind.
@Suite(.serialized) struct ScheduledTimerTests {
  /// A once-a-second loop on `Task.sleep` in a named task, never cancelled.
  private static func leavesTicker() async {
    Task(name: "ticker") {
      while !Task.isCancelled { try? await Task.sleep(for: .seconds(1)) }
    }
    try? await VirtualClock(owner: "harness").sleep(for: .milliseconds(3500))
  }

  @Test func aRepeatingSleepIsNamedWithItsTaskIntervalAndFirstArming() throws {
    var inRun: [Simulation.ScheduledTimer] = []
    let report = try Simulation.run(testConfiguration("ticker")) {
      await Self.leavesTicker()
      return Simulation.current!.scheduledTimers
    }
    inRun = report.value ?? []
    #expect(report.outcome == .finished)
    #expect(inRun.count == 1, "\(inRun)")
    let ticker = try #require(inRun.first)
    #expect(ticker.owner == nil)
    #expect(ticker.taskName == "ticker")
    #expect(ticker.kind == .realClockSleep)
    #expect(ticker.repeats)
    #expect(ticker.earlierTimers == 3)
    #expect(ticker.firstArmedAt == .zero)
    #expect(ticker.armedAt == .seconds(3))
    #expect(ticker.deadline == .seconds(4))
    #expect(report.scheduledTimers == inRun, "the report lists the same timer, abandoned when the body finished")
    #expect(report.abandonedTimers == 1)
  }

  /// The runtime's job for a cancelled `Task.sleep` stays armed until its deadline, but its task
  /// already went on: the sleep is no longer the stack's work (found with the example's stacks: a
  /// stop that cancelled a polling task was reported as leaving its timer behind).
  @Test func aCancelledSleepOnARealClockIsNotListed() throws {
    let report = try Simulation.run(testConfiguration("cancelled ticker")) {
      let ticker = Task(name: "ticker") {
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(1)) }
      }
      try? await VirtualClock(owner: "harness").sleep(for: .milliseconds(2500))
      ticker.cancel()
      await ticker.value
      return Simulation.current!.scheduledTimers
    }
    #expect(report.outcome == .finished)
    #expect(report.value?.isEmpty == true, "\(report.value ?? [])")
    #expect(report.scheduledTimers.isEmpty)
    #expect(report.abandonedTimers == 0)
    #expect(report.virtualTime == .milliseconds(2500), "the cancelled sleep's job did not move virtual time")
  }

  @Test func anOwnedClocksSleepCarriesItsOwnerAndIsNotCountedAsRepeating() throws {
    let report = try Simulation.run(testConfiguration("owned")) {
      let clock = VirtualClock(owner: "microphone")
      Task { for _ in 0..<3 { try? await clock.sleep(for: .milliseconds(100)) } }
      Task { try? await VirtualClock().sleep(for: .seconds(10)) }
      try? await VirtualClock(owner: "harness").sleep(for: .milliseconds(150))
      return Simulation.current!.scheduledTimers
    }
    let timers = report.value ?? []
    #expect(timers.map(\.owner) == ["microphone", nil], "\(timers)")
    #expect(timers.allSatisfy { !$0.repeats })
    #expect(timers.last?.kind == .virtualClockSleep)
    #expect(timers.last?.armedAt == .zero)
  }

  @Test func aChainOfMainQueueBlocksCountsAsOneRepeatingTimer() throws {
    let report = try Simulation.run(testConfiguration("main chain")) {
      Self.tick()
      try? await VirtualClock(owner: "harness").sleep(for: .milliseconds(2500))
      return Simulation.current!.scheduledTimers
    }
    let timers = report.value ?? []
    #expect(timers.count == 1, "\(timers)")
    #expect(timers.first?.kind == .mainQueueBlock)
    #expect(timers.first?.earlierTimers == 2)
    #expect(timers.first?.firstArmedAt == .zero)
    #expect(timers.first?.deadline == .seconds(3))
  }

  /// A repeating timer made of one-shot blocks: each one arms the next.
  private static func tick() { DispatchQueue.main.asyncAfter(deadline: .now() + 1) { tick() } }

  @Test func outsideARunNoTimerIsListed() {
    #expect(Simulation.current?.scheduledTimers.isEmpty ?? true)
  }
}
