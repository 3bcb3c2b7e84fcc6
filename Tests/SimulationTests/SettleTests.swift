import Simulation
import Testing

/// `Simulation.settle()` resumes once nothing else can run in the current instant: after the work
/// other tasks still have to do now (and the work that makes ready), before any timer — even one
/// due now — and without moving virtual time.
@Suite(.serialized) struct SettleTests {
  @Test func settleWaitsForTheInstantsWorkAndNoTimer() throws {
    let report = try Simulation.run(testConfiguration("settle")) {
      let simulation = Simulation.current!
      try? await simulation.clock.sleep(for: .seconds(1))
      // A timer due in this very instant, armed first: it must not fire before the settled task goes on.
      Task { @Sendable in
        try? await simulation.clock.sleep(until: simulation.clock.now)
        simulation.trace.record("timer")
      }
      // Work that goes on in this instant, one job making the next ready.
      Task { @Sendable in
        simulation.trace.record("first")
        await Task { @Sendable in simulation.trace.record("second") }.value
        simulation.trace.record("third")
      }
      await Simulation.settle()
      simulation.trace.record("settled")
      // The timer due now fires once the run waits on timers again.
      try? await simulation.clock.sleep(until: simulation.clock.now)
      return simulation.now
    }
    let kinds = report.trace.map(\.kind.rawValue).filter {
      ["first", "second", "third", "settled", "timer"].contains($0)
    }
    #expect(kinds == ["first", "second", "third", "settled", "timer"])
    #expect(report.value == .seconds(1))
  }

  @Test func outsideASimulationItReturnsAtOnce() async {
    await Simulation.settle()
  }
}
