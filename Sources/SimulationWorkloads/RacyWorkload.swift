import Simulation

/// A deliberately racy workload: task groups, unstructured tasks, the main actor, an
/// `AsyncStream`, random jitter and sleeps on three clocks, all recording into the run's trace.
///
/// On the plain runtime its event order differs from run to run; inside a simulation it must give
/// one trace for a given seed. Used by the tests, `simulation-selfcheck` and the documentation.
public enum RacyWorkload {
  /// The real-clock quantum to run it with: every real-clock sleep it makes is a whole multiple of
  /// it, so a thread preempted for up to this long between the runtime's and the simulation's clock
  /// readings still gives the same trace (SimulationRuntime.md, "Limits"). 50 ms, since 10 ms once
  /// flipped a hash across ten processes on a loaded 2-core CI machine.
  public static let realClockQuantum: Duration = .milliseconds(50)

  /// Runs the workload inside the current simulation.
  /// - Parameter workers: How many group children compete.
  /// - Returns: The number of stream elements the main actor consumed.
  public static func run(workers: Int = 4) async -> Int {
    guard let simulation = Simulation.current else { return 0 }
    let trace = simulation.trace
    let clock = simulation.clock
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    let board = await MainActor.run { Board() }

    let consumer = Task { @MainActor in
      for await item in stream {
        board.apply(item)
        trace.record(.racyMain, ["item": item, "count": String(board.count)])
      }
      return board.count
    }

    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<workers {
        group.addTask {
          let jitter = simulation.random(for: "racy worker \(worker)")
          for step in 0..<5 {
            // Real-clock sleeps are multiples of `realClockQuantum`, so the workload stays
            // deterministic with that quantum on a loaded machine; the VirtualClock sleeps are
            // exact and take any duration.
            let quantum = RacyWorkload.realClockQuantum
            switch step % 3 {
            case 0: try? await Task.sleep(for: quantum * (1 + Int(jitter.next() % 3)))
            case 1: try? await ContinuousClock().sleep(for: quantum * (worker + 1))
            default: try? await clock.sleep(for: .microseconds(1500 + 250 * worker))
            }
            await Task.yield()
            trace.record(.racyStep, ["worker": String(worker), "step": String(step)])
            continuation.yield("w\(worker).s\(step)")
          }
        }
      }
      group.addTask {
        for tick in 0..<3 {
          await MainActor.run { board.tick() }
          trace.record(.racyTick, ["tick": String(tick)])
          await Task.yield()
        }
      }
    }
    continuation.finish()
    let consumed = await consumer.value
    trace.record(.racyDone, ["consumed": String(consumed)])
    return consumed
  }

  @MainActor
  private final class Board {
    var count = 0
    var ticks = 0
    func apply(_ item: String) {
      MainActor.assertIsolated()
      count += 1
    }
    func tick() { ticks += 1 }
  }
}
