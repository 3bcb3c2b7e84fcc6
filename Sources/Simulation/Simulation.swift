internal import DequeModule
internal import HeapModule
internal import Synchronization

/// A deterministic simulation run: every job of the run executes on one thread in a reproducible
/// order, in virtual time that starts at 0 and advances only when nothing is runnable.
///
/// Start a run with `Simulation.run(_:_:)`; inside it, code reaches the run through
/// `Simulation.current` for virtual time, the injectable clock, seeded randomness, the event trace
/// and the resource ledger.
///
/// ```swift
/// let report = try Simulation.run(.init(seed: 42)) {
///   try? await Task.sleep(for: .seconds(10))
///   return Simulation.current!.now   // .seconds(10), in about a millisecond of wall time
/// }
/// ```
///
/// > Warning: One simulation per process at a time: the runtime hooks are process-global.
public final class Simulation: @unchecked Sendable {
  /// A job to run on the simulation thread.
  enum Job: @unchecked Sendable {
    case global(UnownedJob)
    case main(UnownedJob)

    /// Whether the job runs isolated to the main actor (the main queue's order is kept).
    var isMainActorJob: Bool {
      if case .main = self { return true }
      return false
    }
  }

  /// The run's configuration.
  public let configuration: Configuration
  /// The run's event trace.
  public let trace: EventTrace
  /// The run's resource ledger.
  public let ledger: ResourceLedger
  /// The clock to inject into code under test; exact virtual time.
  public let clock = VirtualClock()
  /// A number no other simulation of this process has: the scope of the objects its code creates
  /// (``LiveObjectTracker/liveCounts(createdIn:)``).
  public let objectScope: UInt64

  private static let lastObjectScope = Atomic<UInt64>(0)

  let threadID: UInt
  let mainExecutorRef = SimulatedMainExecutor.sharedRef
  let inbox = ForeignInbox()
  private let virtualTime = VirtualTimeCell()
  private let randomStreams = Mutex<[String: SimulationRandom]>([:])
  private let waits = Mutex<(next: Int, labels: [Int: String])>((0, [:]))
  /// Runtime ids of tasks that were enqueued in this simulation, to recognise them when another
  /// thread resumes them (see `claimForeignJob`). Ids, not addresses: the allocator reuses the
  /// memory of finished tasks for unrelated tasks of the host process at once.
  let knownTasks = TaskRegistry()

  // Touched by the simulation thread only.
  var ready = Deque<Job>()
  var timers = Heap<TimerEntry>()
  var timerSequence: UInt64 = 0
  /// Timers each task armed that named no owner (the stack's), by runtime task id: a repeating one shows.
  var timerHistory: [UInt64: TimerHistory] = [:]
  /// Real-clock sleeps still armed, by the runtime id of the sleeping task: the timer's sequence.
  var armedRealSleeps: [UInt64: UInt64] = [:]
  /// Sequences of real-clock sleeps whose task ran again before they fired: cancelled (see `Simulation+RealSleeps.swift`).
  var wokenRealSleeps: Set<UInt64> = []
  /// The origin of the `DispatchQueue.main.asyncAfter` block running now, if one is.
  var firingTimerBlock: TimerOrigin?
  /// The last `DispatchTime.now()` read on this run's thread, with its virtual instant.
  var dispatchTimeAnchor: DispatchTimeAnchor?
  /// The draws of a seeded schedule; nil under first-in first-out (``SchedulePolicy``).
  var scheduleDraw: ScheduleDraw?
  var counts = Counts()
  var mainActorHangs: [MainActorHang] = []
  var mainActorJobs: [MainActorJob] = []
  /// Tasks waiting in ``settle()`` until no job is ready; resumed before any timer fires.
  var idleWaiters: [UnsafeContinuation<Void, Never>] = []
  /// Set while a main-actor job (or a main-queue block) runs.
  var runningMainActorJob = false
  /// How deep the twins' system notification posts are nested (``postAsTheSystem(_:)``).
  var systemPostDepth = 0
  /// Set while code runs as if on a thread that is not the main thread (see `runningOffMainActor`).
  var offMainActorContext: OffMainActorContext?
  /// Wall time the harness spent inside the current job (``harnessWork(_:)``), not the subject's.
  var harnessWallTime: Duration = .zero
  /// The last thread-clock reading that read the kernel's statistics (``mainJobStartReading(threshold:)``).
  var lastThreadClockReading: ThreadClock.Reading?
  let quantumNanoseconds: Int64

  init(configuration: Configuration, threadID: UInt) {
    self.configuration = configuration
    self.threadID = threadID
    self.quantumNanoseconds = max(1, configuration.realClockQuantum.nanosecondsClamped)
    if case .seeded(let seed, let delay) = configuration.schedule {
      scheduleDraw = ScheduleDraw(seed: seed, maximumWakeUpDelay: delay, quantumNanoseconds: quantumNanoseconds)
    }
    let cell = virtualTime
    let trace = EventTrace(
      clock: { .nanoseconds(cell.nanoseconds.load(ordering: .relaxed)) }, spill: configuration.traceSpill)
    self.trace = trace
    let scope = Self.lastObjectScope.add(1, ordering: .relaxed).newValue
    self.objectScope = scope
    self.ledger = ResourceLedger(trace: trace)
  }

  /// Virtual time since the start of the run.
  public var now: Duration { .nanoseconds(virtualTime.nanoseconds.load(ordering: .relaxed)) }

  var nowValue: Int64 {
    get { virtualTime.nanoseconds.load(ordering: .relaxed) }
    set { virtualTime.nanoseconds.store(newValue, ordering: .relaxed) }
  }

  /// The run's seed.
  public var seed: UInt64 { configuration.seed }

  /// The run's default random stream (named "default").
  public var random: SimulationRandom { random(for: "default") }

  /// The random stream for one purpose, the same object on every call with the same name.
  ///
  /// Each purpose has its own numbers, so adding a consumer does not shift another's.
  /// - Parameter purpose: A stable name, such as "mic jitter" or "fault timing".
  /// - Returns: The stream.
  public func random(for purpose: String) -> SimulationRandom {
    randomStreams.withLock { streams in
      if let stream = streams[purpose] { return stream }
      let stream = SimulationRandom(seed: configuration.seed, stream: purpose)
      streams[purpose] = stream
      return stream
    }
  }

  /// Runs `operation` with `label` listed as what the run waits on, so a deadlock report can name it.
  /// - Parameters:
  ///   - label: What is awaited, such as "analyzer results stream".
  ///   - isolation: The caller's isolation (inferred).
  ///   - operation: The wait.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public func waiting<T, E: Error>(
    _ label: String, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws(E) -> T
  ) async throws(E) -> T {
    let id = waits.withLock { waits in
      waits.next += 1
      waits.labels[waits.next] = label
      return waits.next
    }
    defer { _ = waits.withLock { $0.labels.removeValue(forKey: id) } }
    return try await operation()
  }

  /// Wait labels currently active, oldest first.
  public var activeWaits: [String] {
    waits.withLock { $0.labels.sorted { $0.key < $1.key }.map(\.value) }
  }

  /// Starts a task that the ledger counts under `ResourceKind.tasks` until it finishes, so an
  /// unfinished one shows up in deadlock reports and ledger diffs.
  /// - Parameters:
  ///   - name: A stable name for reports.
  ///   - operation: The task's work.
  /// - Returns: The task.
  @discardableResult
  public func task<T: Sendable>(
    _ name: String, operation: sending @escaping @isolated(any) () async -> T
  ) -> Task<T, Never> {
    let lease = ledger.acquire(.tasks, label: name)
    return Task {
      let value = await operation()
      try? lease.release()
      return value
    }
  }
}
