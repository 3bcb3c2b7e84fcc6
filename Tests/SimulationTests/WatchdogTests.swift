import Simulation
import Testing

@Suite(.serialized) struct WatchdogTests {
  @Test func busyLoopEndsAtTheWatchdog() throws {
    let report = try Simulation.run(testConfiguration("busy", watchdog: .milliseconds(200))) {
      while true { await Task.yield() }
    }
    guard case .watchdogExpired(let wall) = report.outcome else {
      Issue.record("expected the watchdog, got \(report.outcome)")
      return
    }
    #expect(wall >= .milliseconds(200))
    #expect(report.virtualTime == .zero)
    #expect(report.outcome.description.contains("raise Configuration.watchdog"))
  }

  @Test func bodyErrorIsReported() throws {
    struct Failure: Error, CustomStringConvertible { var description: String { "model missing" } }
    let report = try Simulation.run(testConfiguration("throws")) { () throws -> Int in
      try await Task.sleep(for: .seconds(1))
      throw Failure()
    }
    #expect(report.outcome == .finished)
    #expect(report.bodyError == "model missing")
    #expect(report.value == nil)
    #expect(throws: SimulationError.runDidNotFinish(name: "throws", outcome: "the body threw: model missing")) {
      try report.get()
    }
  }
}
