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
  }

  /// The run's configuration.
  public let configuration: Configuration
  /// The run's event trace.
  public let trace: EventTrace
  /// The run's resource ledger.
  public let ledger: ResourceLedger
  /// The clock to inject into code under test; exact virtual time.
  public let clock = VirtualClock()

  let threadID: UInt
  let mainExecutorRef = SimulatedMainExecutor.sharedRef
  let inbox = ForeignInbox()
  private let virtualTime = VirtualTimeCell()
  private let randomStreams = Mutex<[String: SimulationRandom]>([:])
  private let waits = Mutex<(next: Int, labels: [Int: String])>((0, [:]))
  /// Runtime ids of tasks that were enqueued in this simulation, to recognise them when another
  /// thread resumes them (see `claimForeignJob`). Ids, not addresses: the allocator reuses the
  /// memory of finished tasks for unrelated tasks of the host process at once.
  private let knownTasks = Mutex<Set<UInt64>>([])

  // Touched by the simulation thread only.
  var ready = Deque<Job>()
  var timers = Heap<TimerEntry>()
  var timerSequence: UInt64 = 0
  var counts = Counts()
  let quantumNanoseconds: Int64

  init(configuration: Configuration, threadID: UInt) {
    self.configuration = configuration
    self.threadID = threadID
    self.quantumNanoseconds = max(1, configuration.realClockQuantum.nanosecondsClamped)
    let cell = virtualTime
    let trace = EventTrace(clock: { .nanoseconds(cell.nanoseconds.load(ordering: .relaxed)) })
    self.trace = trace
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

  // MARK: Ambient access

  /// The running simulation when called from one of its tasks; nil outside a run and on every
  /// other thread (so unrelated code running in parallel never sees a simulation).
  public static var current: Simulation? { engineOnThisThread }

  private static let simulationThread = Atomic<UInt>(0)
  nonisolated(unsafe) private static var engineForSimulationThread: Simulation?
  private static let active = Mutex<Simulation?>(nil)

  /// The running simulation when called on its thread (the fast path of every hook).
  static var engineOnThisThread: Simulation? {
    let id = simulationThread.load(ordering: .relaxed)
    guard id != 0, id == Platform.currentThreadID else { return nil }
    return engineForSimulationThread
  }

  /// The running simulation, from any thread.
  static var activeFromAnyThread: Simulation? { active.withLock { $0 } }

  func becomeActive() {
    Self.engineForSimulationThread = self
    Self.active.withLock { $0 = self }
    Self.simulationThread.store(threadID, ordering: .releasing)
  }

  func resignActive() {
    Self.simulationThread.store(0, ordering: .releasing)
    Self.active.withLock { $0 = nil }
    Self.engineForSimulationThread = nil
  }

  // MARK: Scheduling (called by the hooks and executors)

  @inline(__always)
  func enqueueFromSimulationThread(_ job: Job) {
    switch job {
    case .global(let unowned), .main(let unowned):
      let id = runtimeTaskID(of: unowned)
      if id != 0 { _ = knownTasks.withLock { $0.insert(id) } }
    }
    ready.append(job)
  }

  /// Captures a job enqueued on another thread when it belongs to a task of this run.
  /// - Returns: Whether the job was taken (false: unrelated work of the host process).
  func claimForeignJob(_ job: UnownedJob, kind: Escape.Kind) -> Bool {
    let id = runtimeTaskID(of: job)
    guard id != 0, knownTasks.withLock({ $0.contains(id) }) else { return false }
    inbox.post(.global(job), kind: kind)
    return true
  }

  /// Takes work that reached the run's own executors from another thread.
  func acceptForeign(_ job: Job, kind: Escape.Kind) {
    inbox.post(job, kind: kind)
  }

  private func arm(_ action: TimerEntry.Action, at deadline: Int64) {
    timerSequence += 1
    timers.insert(TimerEntry(deadline: max(deadline, nowValue), sequence: timerSequence, action: action))
  }

  /// A sleep on a real clock: its delay carries real-time jitter, so round it to the quantum.
  ///
  /// The runtime computes the deadline from the real clock a little before it reaches us, so the
  /// delay we measure is the intended one minus a few microseconds (more when the thread was
  /// preempted). Rounding *up* gives back the intended whole-quantum delay for any jitter below one
  /// quantum, twice the margin of rounding to nearest, and a sleep never ends earlier than asked.
  func scheduleRealClockSleep(_ job: UnownedJob, delayNanoseconds: Int64) {
    let quantum = quantumNanoseconds
    let delay = max(0, delayNanoseconds)
    let rounded = (delay / quantum + (delay % quantum == 0 ? 0 : 1)) * quantum
    counts.realClockSleeps += 1
    arm(.job(job), at: nowValue &+ rounded)
  }

  /// A sleep on `VirtualClock` that reached the executor (exact).
  func scheduleExactSleep(_ job: UnownedJob, delay: Duration) {
    counts.virtualClockSleeps += 1
    arm(.job(job), at: nowValue &+ max(0, delay.nanosecondsClamped))
  }

  /// A sleep on a clock this module cannot place in virtual time: fires at once, counted as an escape.
  func scheduleUnsupportedClockSleep(_ job: UnownedJob, clockType: String) {
    inbox.post(nil, kind: .unsupportedClock)
    trace.record(.diagnostic, ["message": "sleep on unsupported clock \(clockType) fired at once"])
    arm(.job(job), at: nowValue)
  }

  /// Arms a `VirtualClock` sleep.
  func armVirtualSleep(_ sleep: VirtualSleep, until deadline: Duration) {
    counts.virtualClockSleeps += 1
    arm(.sleeper(sleep), at: deadline.nanosecondsClamped)
  }
}

/// The runtime's unique id of the task behind a job (0 for jobs that are not tasks).
@_silgen_name("swift_task_getJobTaskId")
private func runtimeTaskID(of job: UnownedJob) -> UInt64
