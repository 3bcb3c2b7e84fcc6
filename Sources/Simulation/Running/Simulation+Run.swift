internal import Foundation
internal import Synchronization

extension Simulation {
  /// Runs `body` deterministically in virtual time on the calling thread and reports what happened.
  ///
  /// The call is synchronous: it returns when the body has finished and nothing is runnable, or
  /// when the run deadlocks, hits a limit, or stops at an escape. Use it from a synchronous XCTest
  /// method, a synchronous Swift Testing `@Test`, or an executable; never from inside a run.
  ///
  /// ```swift
  /// let report = try Simulation.run(.init(name: "start-stop", seed: 7)) {
  ///   await Recorder().startAndStop()
  /// }
  /// #expect(report.outcome == .finished)
  /// ```
  /// - Parameters:
  ///   - configuration: Seed, limits, escape policy, quantum and exclusivity.
  ///   - body: The code to simulate; it may start tasks, use actors, the main actor, streams and sleeps.
  /// - Returns: The report: value, outcome, virtual time, counts, escapes, trace and ledger.
  /// - Throws: `SimulationError` when the run cannot start (another run is active, a nested run,
  ///   or a missing runtime hook). Problems of the run itself are in the report's `outcome`.
  public static func run<Value: Sendable>(
    _ configuration: Configuration = Configuration(),
    _ body: @escaping @Sendable () async throws -> Value
  ) throws(SimulationError) -> Report<Value> {
    if engineOnThisThread != nil { throw .nestedRun(requested: configuration.name) }
    let hooks = try RuntimeHooks.variables.get()
    try SimulationTurnstile.shared.acquire(name: configuration.name, policy: configuration.exclusivity)
    defer { SimulationTurnstile.shared.release() }

    let simulation = Simulation(configuration: configuration, threadID: Platform.currentThreadID)
    let ledgerAtStart = simulation.ledger.snapshot()
    let wallStart = ContinuousClock.now
    let box = BodyBox<Value>()

    let blockedJobWatchdog = configuration.watchdog.flatMap { limit in
      configuration.blockedJobGrace.map { grace in
        BlockedJobWatchdog(
          name: configuration.name, deadline: Date(timeIntervalSinceNow: (limit + grace).seconds), limit: limit)
      }
    }
    defer { blockedJobWatchdog?.finish() }
    simulation.becomeActive()
    RuntimeHooks.install(hooks)
    DispatchCapture.installed
    // Created on the simulation thread with the hooks installed, so the runtime hands its first
    // job to the loop.
    Task.detached {
      do {
        box.value = try await body()
      } catch {
        box.error = String(describing: error)
      }
      box.finished.store(true, ordering: .releasing)
    }
    let outcome = simulation.runLoop(bodyFinished: { box.finished.load(ordering: .acquiring) }, wallStart: wallStart)
    RuntimeHooks.uninstall(hooks)
    simulation.resignActive()

    let escapes = simulation.inbox.escapeCounts
      .sorted { $0.key.rawValue < $1.key.rawValue }
      .map { Escape(kind: $0.key, count: $0.value) }
    // The hash was folded as the events were recorded; a long run's older events are in the spill file.
    let events = simulation.trace.log
    let traceHash = simulation.trace.stableHash
    return Report(
      configuration: configuration, outcome: outcome,
      value: box.finished.load(ordering: .acquiring) ? box.value : nil,
      bodyError: box.error,
      virtualTime: simulation.now, wallTime: wallStart.duration(to: .now),
      counts: simulation.counts, escapes: escapes, trace: events, traceHash: traceHash,
      traceSpillError: simulation.trace.spillError,
      abandonedTimers: simulation.timers.unordered.count(where: simulation.isPending),
      scheduledTimers: simulation.liveTimers(),
      ledgerAtStart: ledgerAtStart, ledgerAtEnd: simulation.ledger.snapshot(),
      mainActorHangs: simulation.mainActorHangs,
      mainActorJobs: simulation.mainActorJobs
    )
  }

  /// The loop: run jobs in the schedule's order (first-in first-out by default); when none is runnable, advance virtual time to the
  /// earliest timer; stop when the body has finished and nothing is runnable, or on deadlock,
  /// limit, watchdog or escape.
  func runLoop(bodyFinished: () -> Bool, wallStart: ContinuousClock.Instant) -> Outcome {
    let wallDeadline = configuration.watchdog.map { wallStart.advanced(by: $0) }
    let virtualLimit = configuration.virtualTimeLimit?.nanosecondsClamped
    let policy = configuration.escapePolicy
    var iterations = 0
    while true {
      iterations &+= 1
      if inbox.hasItems {
        let foreign = inbox.drain()
        counts.foreignJobs += foreign.count
        ready.append(contentsOf: foreign)
      }
      if policy.stopsAtFirstEscape && !inbox.escapeCountsAreEmpty { return .stoppedAtEscape }
      if iterations & 127 == 0, let wallDeadline, ContinuousClock.now >= wallDeadline {
        return .watchdogExpired(wallTime: wallStart.duration(to: .now))
      }
      if let job = nextReadyJob() {
        run(job)
        continue
      }
      if !idleWaiters.isEmpty {
        // Nothing else can run in this instant: the settled waiters go on, before any timer.
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
        continue
      }
      if bodyFinished() { return .finished }
      if let timer = popLiveTimer() {
        if let virtualLimit, timer.deadline > virtualLimit {
          timers.insert(timer)
          return .virtualTimeLimitReached(limit: .nanoseconds(virtualLimit))
        }
        if timer.deadline > nowValue {
          nowValue = timer.deadline
          counts.timeAdvances += 1
        }
        if scheduleDraw == nil { fire(timer) } else { fireDueTogether(with: timer) }
        continue
      }
      // Nothing runnable, no timer: only work from another thread can still move the run.
      var waitUntil = Date(timeIntervalSinceNow: policy.grace.seconds)
      if let wallDeadline {
        let left = ContinuousClock.now.duration(to: wallDeadline).seconds
        waitUntil = min(waitUntil, Date(timeIntervalSinceNow: max(0, left)))
      }
      if inbox.wait(until: waitUntil) { continue }
      if let wallDeadline, ContinuousClock.now >= wallDeadline {
        return .watchdogExpired(wallTime: wallStart.duration(to: .now))
      }
      let report = DeadlockReport(virtualTime: now, waitingOn: activeWaits, openResources: ledger.openResources)
      trace.record(
        .deadlock,
        ["waiting": report.waitingOn.joined(separator: "; "), "open": report.openResources.joined(separator: "; ")])
      return .deadlock(report)
    }
  }

  @inline(__always)
  private func run(_ job: Job) {
    counts.jobs += 1
    switch job {
    case .global(let job):
      noteTaskRuns(job)
      job.runSynchronously(on: SimulatedTaskExecutor.sharedRef)
    case .main(let job):
      noteTaskRuns(job)
      counts.mainJobs += 1
      runningMainActorJob = true
      defer { runningMainActorJob = false }
      let threshold = configuration.mainActorHangThreshold
      guard threshold != nil || configuration.recordsMainActorJobs else {
        job.runSynchronously(isolatedTo: mainExecutorRef, taskExecutor: SimulatedTaskExecutor.sharedRef)
        return
      }
      let eventsBefore = trace.count
      harnessWallTime = .zero
      let started = mainJobStartReading(threshold: threshold)
      job.runSynchronously(isolatedTo: mainExecutorRef, taskExecutor: SimulatedTaskExecutor.sharedRef)
      // Only the hang check wants the cost: a job is never charged more than its wall time less the
      // harness's work (`ThreadClock.held`), so one within the bound in wall time is no hang, and the
      // thread's CPU clock and context switches need not be read again.
      if !configuration.recordsMainActorJobs, let threshold,
        started.wall.duration(to: .now) - harnessWallTime <= threshold
      {
        return
      }
      let ended = ThreadClock.now()
      lastThreadClockReading = ended
      let held = ThreadClock.held(from: started, to: ended, excluding: harnessWallTime)
      if configuration.recordsMainActorJobs {
        mainActorJobs.append(MainActorJob(virtualTime: now, wallTime: held, events: eventsBefore..<trace.count))
      }
      if let threshold, held > threshold { recordHang(held, eventsFrom: eventsBefore) }
    }
  }

  /// The reading a main-actor job's cost is measured from.
  ///
  /// The kernel's run-queue delay costs a file read (a quarter of the per-job overhead of a 60 s
  /// scenario's 900 main-actor jobs), so a reading of it taken on this thread less than
  /// ``ThreadClock/reuseWithin`` of wall time earlier (and at most a fiftieth of the hang bound)
  /// stands in for a new one, with the wall clock read now. The delay accrued in that gap is then
  /// subtracted from the job too: a job is charged at most that much less than it held the thread,
  /// never more. Every job is read afresh when each job's cost is kept (`recordsMainActorJobs`).
  private func mainJobStartReading(threshold: Duration?) -> ThreadClock.Reading {
    let wall = ContinuousClock.now
    if !configuration.recordsMainActorJobs, let last = lastThreadClockReading, last.runQueueDelay != nil {
      let freshness = min(ThreadClock.reuseWithin, (threshold ?? ThreadClock.reuseWithin) / 50)
      if last.wall.duration(to: wall) < freshness {
        var reading = last
        reading.wall = wall
        return reading
      }
    }
    let reading = ThreadClock.now()
    lastThreadClockReading = reading
    return reading
  }

  /// Notes a main-actor job that held the thread for `held`, with the events it recorded (its origin).
  private func recordHang(_ held: Duration, eventsFrom first: Int) {
    let recorded = trace.events(in: first..<(first + MainActorHang.eventsKept))
    mainActorHangs.append(
      MainActorHang(
        virtualTime: now, wallTime: held, events: recorded,
        precedingEvent: first > 0 ? trace.events(in: (first - 1)..<first).first : nil))
  }

  /// The earliest timer that still does something; cancelled sleeps are dropped without moving time.
  private func popLiveTimer() -> TimerEntry? {
    while let timer = timers.popMin() {
      if timer.isLive { return timer }
    }
    return nil
  }

  /// The next job to run: the first one, or under a seeded schedule a drawn one.
  @inline(__always)
  private func nextReadyJob() -> Job? {
    guard scheduleDraw != nil, ready.count > 1 else { return ready.popFirst() }
    var index = scheduleDraw!.index(below: ready.count)
    // The main queue is first-in first-out on a device too: a drawn main-actor job yields to the
    // oldest one, so only the main actor's place among the other jobs moves.
    if case .main = ready[index], let oldest = ready.firstIndex(where: \.isMainActorJob) { index = oldest }
    return ready.remove(at: index)
  }

  /// Fires `first` and every other timer due at the same instant, in a drawn order.
  private func fireDueTogether(with first: TimerEntry) {
    var due = [first]
    while let next = timers.min, next.deadline == first.deadline { due.append(timers.removeMin()) }
    if due.count > 1 { scheduleDraw!.shuffle(&due) }
    for timer in due { fire(timer) }
  }

  private func fire(_ timer: TimerEntry) {
    realSleepFires(timer)
    switch timer.action {
    case .job(let job): ready.append(.global(job))
    case .sleeper(let sleep): sleep.fire()
    case .mainBlock(let block): enqueueMainBlock(block)
    }
  }
}

/// Where the body task leaves its result for the loop.
private final class BodyBox<Value>: @unchecked Sendable {
  var value: Value?
  var error: String?
  let finished = Atomic<Bool>(false)
}
