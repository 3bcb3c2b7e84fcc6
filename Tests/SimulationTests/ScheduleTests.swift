import Simulation
import SimulationWorkloads
import Synchronization
import Testing

/// Seeded schedules (``Simulation/SchedulePolicy``): one trace per seed, other orders across seeds,
/// the main queue's order kept, timers due together shuffled, real-clock wake-ups late but bounded.
@Suite(.serialized) struct ScheduleTests {
  private func racy(_ schedule: Simulation.SchedulePolicy) throws -> Simulation.Report<Int> {
    var configuration = testConfiguration("racy \(schedule)", seed: 7, realClockQuantum: RacyWorkload.realClockQuantum)
    configuration.schedule = schedule
    return try Simulation.run(configuration) { await RacyWorkload.run() }
  }

  @Test func aSeededScheduleGivesOneTracePerSeed() throws {
    let first = try racy(.seeded(3))
    #expect(first.outcome == .finished)
    #expect(first.value == 20)
    for _ in 0..<10 {
      let again = try racy(.seeded(3))
      #expect(
        again.traceHash == first.traceHash, "\(again.trace.firstDivergence(from: first.trace).map { "\($0)" } ?? "")")
    }
  }

  @Test func seedsGiveOtherOrdersAndFIFOIsTheDefault() throws {
    let fifo = try racy(.fifo)
    let plain = try Simulation.run(
      testConfiguration("racy default", seed: 7, realClockQuantum: RacyWorkload.realClockQuantum)
    ) { await RacyWorkload.run() }
    #expect(fifo.traceHash == plain.traceHash)
    var hashes = Set<String>()
    for seed in UInt64(1)...8 {
      let report = try racy(.seeded(seed))
      #expect(report.value == 20, "seed \(seed)")
      hashes.insert(report.traceHash)
    }
    #expect(hashes.count > 1, "8 schedule seeds gave one order")
    #expect(hashes.contains { $0 != fifo.traceHash })
  }

  /// Jobs of independent tasks are reordered; main-actor jobs keep their order (the main queue is
  /// first-in first-out on a device).
  @Test func detachedTasksAreReorderedButTheMainActorKeepsItsOrder() throws {
    func run(_ schedule: Simulation.SchedulePolicy) throws -> ScheduleLog.Snapshot {
      var configuration = testConfiguration("order \(schedule)")
      configuration.schedule = schedule
      let report = try Simulation.run(configuration) { @MainActor in
        let log = ScheduleLog()
        var tasks: [Task<Void, Never>] = []
        for index in 0..<8 { tasks.append(Task.detached { log.append(index, main: false) }) }
        for index in 0..<8 { tasks.append(Task { @MainActor in log.append(index, main: true) }) }
        for task in tasks { await task.value }
        return log.snapshot
      }
      return try #require(report.value)
    }
    let fifo = try run(.fifo)
    #expect(fifo.detached == Array(0..<8))
    #expect(fifo.main == Array(0..<8))
    var reordered = false
    for seed in UInt64(1)...5 {
      let seeded = try run(.seeded(seed))
      #expect(seeded.main == Array(0..<8), "seed \(seed)")
      #expect(seeded.detached.sorted() == Array(0..<8))
      reordered = reordered || seeded.detached != Array(0..<8)
    }
    #expect(reordered, "five seeds ran eight detached tasks in creation order")
  }

  @Test func timersDueTogetherFireInADrawnOrder() throws {
    func run(_ schedule: Simulation.SchedulePolicy) throws -> [Int] {
      var configuration = testConfiguration("timers \(schedule)")
      configuration.schedule = schedule
      let report = try Simulation.run(configuration) {
        let clock = Simulation.current!.clock
        let log = ScheduleLog()
        await withTaskGroup(of: Void.self) { group in
          for index in 0..<6 {
            group.addTask {
              try? await clock.sleep(for: .seconds(1))
              log.append(index, main: false)
            }
          }
        }
        return log.snapshot.detached
      }
      #expect(report.virtualTime == .seconds(1))
      return try #require(report.value)
    }
    #expect(try run(.fifo) == Array(0..<6))
    let orders = try (UInt64(1)...5).map { try run(.seeded($0)) }
    #expect(orders.contains { $0 != Array(0..<6) }, "\(orders)")
  }

  @Test func realClockWakeUpsComeLateWithinTheBoundNeverEarly() throws {
    var lates: Set<Duration> = []
    for seed in UInt64(1)...12 {
      var configuration = testConfiguration("late \(seed)", realClockQuantum: .milliseconds(1))
      configuration.schedule = .seeded(seed, maximumWakeUpDelay: .milliseconds(3))
      let report = try Simulation.run(configuration) {
        try? await Task.sleep(for: .milliseconds(20))
        return Simulation.current!.now
      }
      let woke = try #require(report.value)
      #expect(woke >= .milliseconds(20) && woke <= .milliseconds(23), "seed \(seed): \(woke)")
      lates.insert(woke - .milliseconds(20))
    }
    #expect(lates.count > 1, "\(lates)")
  }

  @Test func describesItself() {
    #expect(Simulation.SchedulePolicy.fifo.description == "fifo")
    #expect(Simulation.SchedulePolicy.seeded(4).description == "seed 4")
    #expect(Simulation.SchedulePolicy.seeded(4).seed == 4)
    #expect(Simulation.SchedulePolicy.fifo.seed == nil)
  }
}

/// Records the order the schedule tests' tasks ran in.
final class ScheduleLog: Sendable {
  struct Snapshot: Sendable {
    var detached: [Int] = []
    var main: [Int] = []
  }
  private let values = Mutex(Snapshot())

  func append(_ value: Int, main: Bool) {
    values.withLock { main ? $0.main.append(value) : $0.detached.append(value) }
  }

  var snapshot: Snapshot { values.withLock { $0 } }
}
