import Simulation
import Testing

@Suite(.serialized) struct VirtualTimeTests {
  @Test func timeStartsAtZeroAndOnlyAdvancesToTimers() throws {
    let report = try Simulation.run(testConfiguration("advance")) {
      let start = virtualNow
      for _ in 0..<1000 { await Task.yield() }
      let afterYields = virtualNow
      try? await VirtualClock().sleep(for: .milliseconds(1234))
      return [start, afterYields, virtualNow]
    }
    #expect(report.value == [.zero, .zero, .milliseconds(1234)])
    #expect(report.virtualTime == .milliseconds(1234))
  }

  @Test func realClockSleepsAreRoundedUpToTheQuantum() throws {
    let report = try Simulation.run(testConfiguration("quantum", realClockQuantum: .milliseconds(1))) {
      try? await Task.sleep(for: .microseconds(1600))
      let first = virtualNow
      try? await Task.sleep(for: .microseconds(1400))
      return [first, virtualNow]
    }
    #expect(report.value == [.milliseconds(2), .milliseconds(4)])
  }

  @Test func equalDeadlinesFireInArmingOrder() throws {
    let report = try Simulation.run(testConfiguration("ordering")) {
      let clock = VirtualClock()
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<5 {
          group.addTask {
            try? await clock.sleep(for: .seconds(1))
            Simulation.current?.trace.record("woke", ["index": String(index)])
          }
        }
      }
    }
    #expect(report.trace.map { $0["index"] } == ["0", "1", "2", "3", "4"])
    #expect(report.trace.allSatisfy { $0.time == .seconds(1) })
  }

  @Test func virtualClockCancellationLandsAtTheVirtualTimeOfCancellation() throws {
    let report = try Simulation.run(testConfiguration("cancel virtual clock")) {
      let clock = VirtualClock()
      let sleeper = Task { () -> String in
        do {
          try await clock.sleep(for: .seconds(100))
          return "slept"
        } catch is CancellationError {
          return "cancelled at \(virtualNow)"
        } catch {
          return "unexpected \(error)"
        }
      }
      try? await clock.sleep(for: .seconds(3))
      sleeper.cancel()
      return await sleeper.value
    }
    #expect(report.value == "cancelled at \(Duration.seconds(3))")
    #expect(report.virtualTime == .seconds(3), "the cancelled timer must not move virtual time")
    #expect(report.abandonedTimers == 0, "the cancelled timer must be removed")
  }

  @Test func taskSleepCancellationLandsAtTheVirtualTimeOfCancellation() throws {
    let report = try Simulation.run(testConfiguration("cancel Task.sleep")) {
      let sleeper = Task { () -> String in
        do {
          try await Task.sleep(for: .seconds(100))
          return "slept"
        } catch {
          return "cancelled at \(virtualNow)"
        }
      }
      try? await Task.sleep(for: .seconds(2))
      sleeper.cancel()
      return await sleeper.value
    }
    #expect(report.value == "cancelled at \(Duration.seconds(2))")
  }

  @Test func alreadyCancelledTaskThrowsWithoutArmingATimer() throws {
    let report = try Simulation.run(testConfiguration("cancel before sleep")) {
      let sleeper = Task { () -> Bool in
        withUnsafeCurrentTask { $0?.cancel() }
        do {
          try await VirtualClock().sleep(for: .seconds(5))
          return false
        } catch {
          return error is CancellationError
        }
      }
      return await sleeper.value
    }
    #expect(report.value == true)
    #expect(report.virtualTime == .zero)
  }

  @Test func virtualClockOutsideARunIsAContinuousClock() async throws {
    let clock = VirtualClock()
    let first = clock.now
    // A deadline in the past returns at once, as on any clock.
    try await clock.sleep(until: first.advanced(by: .seconds(-1)))
    #expect(clock.now >= first)
    #expect(Simulation.current == nil)
  }

  @Test func virtualTimeLimitStopsAPeriodicTask() throws {
    let report = try Simulation.run(testConfiguration("limit", virtualTimeLimit: .seconds(10))) {
      while true { try? await Task.sleep(for: .seconds(1)) }
    }
    #expect(report.outcome == .virtualTimeLimitReached(limit: .seconds(10)))
    #expect(report.virtualTime == .seconds(10))
    #expect(report.value == nil)
  }
}
