import Simulation
import Testing

/// A deadlock must be reported, never hang. Each test sets a 1 s watchdog: a deadlock detected
/// later than that would end as `.watchdogExpired` instead, and the outcome check would fail.
@Suite(.serialized) struct DeadlockTests {
  @Test func continuationNeverResumedIsReportedWithItsWaitLabel() throws {
    let holder = ContinuationHolder()
    let report = try Simulation.run(testConfiguration("deadlock", watchdog: .seconds(1))) {
      let simulation = Simulation.current!
      try? await simulation.clock.sleep(for: .seconds(5))
      let session = simulation.ledger.acquire(.openAnalyzerSessions, label: "session 1")
      await simulation.waiting("analyzer results stream") {
        await withUnsafeContinuation { holder.continuation = $0 }
      }
      try? session.release()
    }
    guard case .deadlock(let deadlock) = report.outcome else {
      Issue.record("expected a deadlock, got \(report.outcome)")
      return
    }
    #expect(deadlock.virtualTime == .seconds(5))
    #expect(deadlock.waitingOn == ["analyzer results stream"])
    #expect(deadlock.openResources == ["open analyzer sessions: session 1"])
    #expect(deadlock.description.contains("Waiting on: analyzer results stream"))
    #expect(report.value == nil)
    #expect(report.trace.last?.kind == .deadlock)
    #expect(throws: SimulationError.self) { try report.get() }
    holder.continuation?.resume()
  }

  @Test func unfinishedRegisteredTaskShowsInTheReportAndTheLedger() throws {
    let holder = ContinuationHolder()
    let report = try Simulation.run(testConfiguration("unfinished task", watchdog: .seconds(1))) {
      let simulation = Simulation.current!
      simulation.task("finishes") { await Task.yield() }
      let stuck = simulation.task("audio pump") {
        await withUnsafeContinuation { holder.continuation = $0 }
      }
      await stuck.value
    }
    guard case .deadlock(let deadlock) = report.outcome else {
      Issue.record("expected a deadlock, got \(report.outcome)")
      return
    }
    #expect(deadlock.openResources == ["tasks: audio pump"])
    #expect(report.ledgerGrowth.resources == ["tasks": 1])
    holder.continuation?.resume()
  }

  @Test func streamNeverFinishedIsADeadlock() throws {
    let report = try Simulation.run(testConfiguration("stream", watchdog: .seconds(1))) {
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
      continuation.yield(1)
      var received = 0
      for await _ in stream { received += 1 }
      _ = continuation
      return received
    }
    #expect(report.outcome.isDeadlock, "\(report.outcome)")
  }
}

extension Simulation.Outcome {
  var isDeadlock: Bool {
    if case .deadlock = self { return true }
    return false
  }
}
