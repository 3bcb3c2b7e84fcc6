import Dispatch
import Foundation
import Simulation
import Synchronization
import Testing

/// `DispatchQueue.main.asyncAfter(deadline:)` with a deadline built from `DispatchTime.now()`: the
/// block fires at the deadline in virtual time, however much real time passed between reading
/// `.now()` and the call (a loaded machine), and a deadline kept for later fires at the virtual
/// instant it names.
@Suite(.serialized) struct DispatchDeadlineTests {
  /// Spins on the real clock for `milliseconds`, as a preempted thread loses them (no virtual time
  /// passes). Reads the clock through `ProcessInfo`, not `DispatchTime.now()`, which the simulation
  /// watches.
  private static func burnRealTime(milliseconds: Double) {
    let start = ProcessInfo.processInfo.systemUptime
    while ProcessInfo.processInfo.systemUptime - start < milliseconds / 1000 {}
  }

  @Test func aDeadlineFiresOnTimeWhenRealTimePassesBeforeTheCall() throws {
    let report = try Simulation.run(testConfiguration("late call")) { () -> Duration? in
      let fired = Mutex<Duration?>(nil)
      let deadline = DispatchTime.now() + 2
      // More than the tests' 10 ms quantum: the measured delay alone would fire 30 ms early.
      Self.burnRealTime(milliseconds: 25)
      DispatchQueue.main.asyncAfter(deadline: deadline) { fired.withLock { $0 = Simulation.current?.now } }
      try? await Task.sleep(for: .seconds(3))
      return fired.withLock { $0 }
    }
    #expect(report.value == .some(.seconds(2)), "\(String(describing: report.value))")
    #expect(report.isDeterministic, "\(report.escapes)")
  }

  @Test func aDeadlineKeptForLaterFiresAtTheVirtualInstantItNames() throws {
    let report = try Simulation.run(testConfiguration("kept deadline")) { () -> Duration? in
      let fired = Mutex<Duration?>(nil)
      let deadline = DispatchTime.now() + 5
      try? await Simulation.current!.clock.sleep(for: .seconds(1))
      DispatchQueue.main.asyncAfter(deadline: deadline) { fired.withLock { $0 = Simulation.current?.now } }
      try? await Task.sleep(for: .seconds(6))
      return fired.withLock { $0 }
    }
    #expect(report.value == .some(.seconds(5)), "\(String(describing: report.value))")
  }

  /// A deadline already past when it is armed fires at once, not before the call.
  @Test func aDeadlineAlreadyPastFiresAtTheCall() throws {
    let report = try Simulation.run(testConfiguration("past deadline")) { () -> Duration? in
      let fired = Mutex<Duration?>(nil)
      let deadline = DispatchTime.now() + 1
      try? await Simulation.current!.clock.sleep(for: .seconds(3))
      DispatchQueue.main.asyncAfter(deadline: deadline) { fired.withLock { $0 = Simulation.current?.now } }
      try? await Task.sleep(for: .seconds(1))
      return fired.withLock { $0 }
    }
    #expect(report.value == .some(.seconds(3)), "\(String(describing: report.value))")
  }

  /// A wall-clock deadline is not on `DispatchTime`'s clock: its delay is measured at the call, as
  /// before (rounded up to the quantum).
  @Test func aWallDeadlineKeepsItsMeasuredDelay() throws {
    let report = try Simulation.run(testConfiguration("wall deadline")) { () -> Duration? in
      let fired = Mutex<Duration?>(nil)
      _ = DispatchTime.now()
      try? await Simulation.current!.clock.sleep(for: .seconds(1))
      DispatchQueue.main.asyncAfter(wallDeadline: .now() + 2) { fired.withLock { $0 = Simulation.current?.now } }
      try? await Task.sleep(for: .seconds(3))
      return fired.withLock { $0 }
    }
    #expect(report.value == .some(.seconds(3)), "\(String(describing: report.value))")
  }

  /// `DispatchQueue.global().asyncAfter` is still an escape: the block runs on a real thread after
  /// its real delay.
  @Test func aGlobalQueueDeadlineStaysAnEscape() throws {
    // A generous grace: on a loaded machine the real thread may start late.
    let configuration = testConfiguration("global deadline", escapePolicy: .tolerate(grace: .seconds(10)))
    let report = try Simulation.run(configuration) { () -> Bool in
      await withCheckedContinuation { continuation in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(2)) {
          continuation.resume(returning: true)
        }
      }
    }
    #expect(report.value == true, "\(report.outcome)")
    #expect(report.escapes.map(\.kind).contains(.dispatchGlobalQueue), "\(report.escapes)")
    let diagnostic = report.trace.first { $0.kind == .diagnostic }
    #expect(diagnostic?["message"]?.contains("DispatchQueue.global().asyncAfter") == true)
  }

  /// Outside a run `DispatchTime` is libdispatch's own: `.now()` moves with the real clock and a
  /// deadline on a real queue is kept.
  @Test func outsideARunDispatchTimeIsTheRealClock() {
    let before = DispatchTime.now()
    Self.burnRealTime(milliseconds: 2)
    let after = DispatchTime.now()
    #expect(after.uptimeNanoseconds - before.uptimeNanoseconds >= 2_000_000)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue(label: "outside a run").asyncAfter(deadline: .now() + .milliseconds(5)) { done.signal() }
    #expect(done.wait(timeout: .now() + 10) == .success)
  }
}
