import Foundation
import Simulation
import Synchronization
import Testing

/// Foundation timers on the main run loop inside a run: they fire as main-actor work at their
/// virtual fire dates, repeat every `timeInterval` until invalidated, and give one trace every run.
@Suite(.serialized) struct RunLoopTimerTests {
  /// Virtual times at which a timer's block ran.
  private final class Firings: Sendable {
    private let times = Mutex<[Duration]>([])
    func note() { times.withLock { $0.append(Simulation.current!.now) } }
    var all: [Duration] { times.withLock { $0 } }
  }

  /// A timer started the way an app's synchronous main-actor method starts one.
  @MainActor private static func start(
    after interval: TimeInterval, repeats: Bool = false, _ block: @escaping @Sendable (Timer) -> Void
  ) -> Timer {
    Timer.scheduledTimer(withTimeInterval: interval, repeats: repeats, block: block)
  }

  private static func timerFirings(_ report: Simulation.Report<some Sendable>) -> Int {
    report.trace.filter { $0.kind == .dispatchBlock && $0["call"] == "Timer.scheduledTimer" }.count
  }

  @Test func aOneShotTimerFiresAtItsVirtualTimeAsMainActorWork() throws {
    let firings = Firings()
    let report = try Simulation.run(testConfiguration("one-shot timer")) { @MainActor () -> Bool in
      let timer = Self.start(after: 2) { _ in
        MainActor.assertIsolated()
        firings.note()
      }
      try? await Task.sleep(for: .seconds(3))
      return timer.isValid
    }
    #expect(firings.all == [.seconds(2)], "\(firings.all)")
    #expect(report.value == false, "a non-repeating timer is invalid once it fired")
    #expect(report.virtualTime == .seconds(3))
    #expect(report.isDeterministic, "\(report.escapes)")
    #expect(Self.timerFirings(report) == 1)
  }

  /// A repeating timer that invalidates itself on its `limit`th firing.
  private static func repeatingTimer(_ firings: Firings, limit: Int) async {
    await MainActor.run {
      _ = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { timer in
        firings.note()
        if firings.all.count == limit { timer.invalidate() }
      }
    }
    try? await Task.sleep(for: .seconds(5))
  }

  @Test func aRepeatingTimerFiresEveryIntervalUntilInvalidated() throws {
    let firings = Firings()
    let report = try Simulation.run(testConfiguration("repeating timer")) {
      await Self.repeatingTimer(firings, limit: 4)
    }
    #expect(firings.all == [500, 1000, 1500, 2000].map { .milliseconds($0) }, "\(firings.all)")
    #expect(Self.timerFirings(report) == 4)
    #expect(report.virtualTime == .seconds(5))
    #expect(report.isDeterministic, "\(report.escapes)")
  }

  @Test func anInvalidatedTimerNeverFiresNorHoldsTheRun() throws {
    let firings = Firings()
    let report = try Simulation.run(testConfiguration("invalidated timer")) { @MainActor () -> Void in
      let timer = Self.start(after: 2) { _ in firings.note() }
      try? await Task.sleep(for: .seconds(1))
      timer.invalidate()
    }
    #expect(firings.all.isEmpty, "\(firings.all)")
    #expect(Self.timerFirings(report) == 0)
    // The invalidated timer is dropped without moving virtual time to its fire date.
    #expect(report.virtualTime == .seconds(1))
  }

  @Test func aTimerAddedToTheMainRunLoopFromAnyTaskFires() throws {
    let firings = Firings()
    let report = try Simulation.run(testConfiguration("RunLoop.main.add")) { () -> Void in
      // swift-corelibs-foundation's Timer(timeInterval:repeats:block:) sets the fire date to now (Darwin's is
      // now + interval): a fire date names the instant on both.
      let timer = Timer(fire: Date() + 1.5, interval: 0, repeats: false) { _ in firings.note() }
      RunLoop.main.add(timer, forMode: .common)
      try? await Task.sleep(for: .seconds(2))
    }
    #expect(firings.all == [.milliseconds(1500)], "\(firings.all)")
    #expect(report.isDeterministic, "\(report.escapes)")
  }

  @Test func theSameTimersGiveTheSameTraceEveryRun() throws {
    var hashes = Set<String>()
    for _ in 0..<3 {
      let report = try Simulation.run(testConfiguration("timer determinism")) {
        await Self.repeatingTimer(Firings(), limit: 3)
      }
      hashes.insert(report.traceHash)
    }
    #expect(hashes.count == 1, "\(hashes)")
  }
}
