import Foundation
import Simulation
import Testing

/// Fails loudly if a toolchain change lets sleeps or main-actor hops escape the loop: each case of
/// the feasibility study's `hookprobe` as an assertion. If one fails after a toolchain update, the
/// runtime's sleep or main-executor path changed; see Documentation/Simulation.md.
@Suite(.serialized) struct RuntimeHookSmokeTests {
  @MainActor final class Counter {
    var value = 0
    func bump() -> Int {
      MainActor.assertIsolated()
      value += 1
      return value
    }
  }

  actor Tally {
    var value = 0
    func add() -> Int {
      value += 1
      return value
    }
  }

  /// Runs `body`, which sleeps once, and checks that virtual time moved by exactly `expected`
  /// and that nothing escaped.
  private func expectCapturedSleep(
    _ name: String, expected: Duration, _ body: @escaping @Sendable () async throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let report = try Simulation.run(testConfiguration(name)) {
      try await body()
      return virtualNow
    }
    #expect(report.outcome == .finished, "\(name): \(report.outcome)", sourceLocation: sourceLocation)
    #expect(
      report.value == expected, "\(name) escaped virtual time: \(String(describing: report.value))",
      sourceLocation: sourceLocation)
    #expect(report.escapes.isEmpty, "\(name): \(report.escapes)", sourceLocation: sourceLocation)
    #expect(report.counts.timeAdvances == 1, "\(name): \(report.counts)", sourceLocation: sourceLocation)
  }

  @Test func taskSleepForIsCaptured() throws {
    try expectCapturedSleep("Task.sleep(for:)", expected: .seconds(10)) { try await Task.sleep(for: .seconds(10)) }
  }

  @Test func taskSleepNanosecondsIsCaptured() throws {
    try expectCapturedSleep("Task.sleep(nanoseconds:)", expected: .seconds(10)) {
      try await Task.sleep(nanoseconds: 10_000_000_000)
    }
  }

  @Test func taskSleepUntilSuspendingClockIsCaptured() throws {
    try expectCapturedSleep("Task.sleep(until:clock:)", expected: .seconds(7)) {
      try await Task.sleep(until: .now + .seconds(7), clock: .suspending)
    }
  }

  @Test func continuousClockSleepIsCaptured() throws {
    try expectCapturedSleep("ContinuousClock.sleep", expected: .seconds(3)) {
      try await ContinuousClock().sleep(for: .seconds(3))
    }
  }

  @Test func suspendingClockSleepIsCaptured() throws {
    try expectCapturedSleep("SuspendingClock.sleep", expected: .seconds(4)) {
      try await SuspendingClock().sleep(for: .seconds(4))
    }
  }

  @Test func virtualClockSleepIsExact() throws {
    try expectCapturedSleep("VirtualClock.sleep", expected: .nanoseconds(2_500_000_001)) {
      try await VirtualClock().sleep(for: .nanoseconds(2_500_000_001))
    }
  }

  @Test func mainActorHopsRunOnTheLoop() throws {
    let report = try Simulation.run(testConfiguration("main actor hops")) {
      let counter = await MainActor.run { Counter() }
      let first = await counter.bump()
      let second = await Task { @MainActor in counter.bump() }.value
      let third = await MainActor.run { () -> Int in MainActor.assumeIsolated { counter.bump() } }
      return [first, second, third]
    }
    #expect(report.value == [1, 2, 3])
    #expect(report.counts.mainJobs >= 3, "main-actor jobs did not reach the loop: \(report.counts)")
    #expect(report.escapes.isEmpty, "\(report.escapes)")
  }

  @Test func actorsGroupsAndAsyncLetRunOnTheLoop() throws {
    let report = try Simulation.run(testConfiguration("actors, groups, async let")) {
      let tally = Tally()
      var last = 0
      for _ in 0..<1000 { last = await tally.add() }
      let sum = await withTaskGroup(of: Int.self) { group in
        for index in 0..<100 { group.addTask { index } }
        return await group.reduce(0, +)
      }
      async let a = 1
      async let b = 2
      return last + sum + (await a + b)
    }
    #expect(report.value == 1000 + 4950 + 3)
    #expect(report.counts.jobs > 100)
    #expect(report.escapes.isEmpty)
  }

  @Test func sleepsOnTheMainActorAreCaptured() throws {
    let report = try Simulation.run(testConfiguration("main-actor sleep")) {
      await Task { @MainActor in
        try? await Task.sleep(for: .seconds(5))
        MainActor.assertIsolated()
        return virtualNow
      }.value
    }
    #expect(report.value == .seconds(5))
    #expect(report.counts.realClockSleeps == 1)
    #expect(report.escapes.isEmpty)
  }

  @Test func otherConcurrencyConstructsRunOnTheLoop() throws {
    let report = try Simulation.run(testConfiguration("other constructs")) { () -> [Int] in
      var results: [Int] = []
      results.append(await Task.detached { 1 }.value)
      results.append(await Task.immediate { 2 }.value)
      let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
      Task {
        try? await Task.sleep(for: .seconds(1))
        continuation.yield(3)
        continuation.finish()
      }
      for try await value in stream { results.append(value) }
      let resumed = try await withCheckedThrowingContinuation { (resume: CheckedContinuation<Int, any Error>) in
        Task { resume.resume(returning: 4) }
      }
      results.append(resumed)
      try await withThrowingDiscardingTaskGroup { group in
        group.addTask { try await Task.sleep(for: .seconds(2)) }
      }
      return results
    }
    #expect(report.outcome == .finished, "\(report.outcome)")
    #expect(report.value == [1, 2, 3, 4])
    #expect(report.virtualTime == .seconds(3))
    #expect(report.escapes.isEmpty, "\(report.escapes)")
  }

  @Test func currentIsNilOnOtherThreadsDuringARun() throws {
    let report = try Simulation.run(testConfiguration("current elsewhere")) { () -> [Bool] in
      let seenElsewhere = LockedFlag()
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        seenElsewhere.value = Simulation.current != nil
        done.signal()
      }
      done.wait()
      return [Simulation.current != nil, seenElsewhere.value]
    }
    #expect(report.value == [true, false])
    #expect(Simulation.current == nil)
  }
}

final class LockedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var storage = false
  var value: Bool {
    get { lock.withLock { storage } }
    set { lock.withLock { storage = newValue } }
  }
}
