#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The Swift concurrency runtime's process-global hook variables, found with `dlsym`.
///
/// The runtime exports these as writable function-pointer variables (see
/// `Documentation/Simulation.md`). Their ABI is not a public contract: the smoke tests in
/// `RuntimeHookSmokeTests` fail loudly if a toolchain change breaks them.
enum RuntimeHooks {
  typealias EnqueueOriginal = @convention(thin) (UnownedJob) -> Void
  typealias EnqueueHook = @convention(thin) (UnownedJob, EnqueueOriginal) -> Void
  typealias DelayOriginal = @convention(thin) (UInt64, UnownedJob) -> Void
  typealias DelayHook = @convention(thin) (UInt64, UnownedJob, DelayOriginal) -> Void
  typealias DeadlineOriginal = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void
  typealias DeadlineHook = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob, DeadlineOriginal) -> Void
  typealias GetMainOriginal = @convention(thin) () -> UnownedSerialExecutor
  typealias GetMainHook = @convention(thin) (GetMainOriginal) -> UnownedSerialExecutor
  typealias IsMainOriginal = @convention(thin) (UnownedSerialExecutor) -> Bool
  typealias IsMainHook = @convention(thin) (UnownedSerialExecutor, IsMainOriginal) -> Bool

  /// The hook variables, or the name of the first one that could not be found.
  struct Variables: @unchecked Sendable {
    let enqueueGlobal: UnsafeMutablePointer<EnqueueHook?>
    let enqueueMain: UnsafeMutablePointer<EnqueueHook?>
    let enqueueDelay: UnsafeMutablePointer<DelayHook?>
    let enqueueDeadline: UnsafeMutablePointer<DeadlineHook?>
    let getMain: UnsafeMutablePointer<GetMainHook?>
    let isMain: UnsafeMutablePointer<IsMainHook?>
  }

  /// Looked up once per process; a missing symbol is reported as a typed error by `run`.
  static let variables: Result<Variables, SimulationError> = {
    let handle = dlopen(nil, RTLD_NOW)
    func find<T>(_ name: String, _: T.Type) throws(SimulationError) -> UnsafeMutablePointer<T?> {
      guard let symbol = dlsym(handle, name) else { throw .runtimeHookMissing(name) }
      return symbol.assumingMemoryBound(to: T?.self)
    }
    do throws(SimulationError) {
      return .success(
        Variables(
          enqueueGlobal: try find("swift_task_enqueueGlobal_hook", EnqueueHook.self),
          enqueueMain: try find("swift_task_enqueueMainExecutor_hook", EnqueueHook.self),
          enqueueDelay: try find("swift_task_enqueueGlobalWithDelay_hook", DelayHook.self),
          enqueueDeadline: try find("swift_task_enqueueGlobalWithDeadline_hook", DeadlineHook.self),
          getMain: try find("swift_task_getMainExecutor_hook", GetMainHook.self),
          isMain: try find("swift_task_isMainExecutor_hook", IsMainHook.self)))
    } catch {
      return .failure(error)
    }
  }()

  /// Installs every hook. Called by the simulation thread at the start of a run.
  static func install(_ hooks: Variables) {
    hooks.getMain.pointee = { original in
      if let engine = Simulation.engineOnThisThread { return engine.mainExecutorRef }
      return original()
    }
    hooks.isMain.pointee = { executor, original in
      // Inside code that runs on another thread on a device (a tap block), the simulated main
      // executor is not "the main executor on this thread", so the runtime's isolation check asks
      // its checkIsolated(), which traps there, instead of accepting the simulation's thread.
      if SimulatedMainExecutor.isSimulated(executor) {
        return Simulation.engineOnThisThread?.offMainActorContext == nil
      }
      return original(executor)
    }
    hooks.enqueueGlobal.pointee = { job, original in
      if let engine = Simulation.engineOnThisThread {
        engine.enqueueFromSimulationThread(.global(job))
      } else if let engine = Simulation.activeFromAnyThread, engine.claimForeignJob(job, kind: .foreignGlobalEnqueue) {
        return
      } else {
        original(job)
      }
    }
    hooks.enqueueMain.pointee = { job, original in
      if let engine = Simulation.engineOnThisThread {
        engine.enqueueFromSimulationThread(.main(job))
      } else {
        original(job)
      }
    }
    hooks.enqueueDelay.pointee = { delay, job, original in
      if let engine = Simulation.engineOnThisThread {
        engine.scheduleRealClockSleep(job, delayNanoseconds: Int64(clamping: delay))
      } else {
        original(delay, job)
      }
    }
    hooks.enqueueDeadline.pointee = {
      seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job, original in
      if let engine = Simulation.engineOnThisThread {
        // clock 1 is the continuous clock (CLOCK_BOOTTIME on Linux), 2 the suspending one.
        var spec = timespec()
        #if os(Linux)
          clock_gettime(clock == 1 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &spec)
        #else
          clock_gettime(CLOCK_MONOTONIC, &spec)
        #endif
        let deadline = seconds &* 1_000_000_000 &+ nanoseconds
        let realNow = Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec)
        engine.scheduleRealClockSleep(job, delayNanoseconds: deadline &- realNow)
      } else {
        original(seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job)
      }
    }
  }

  /// Removes every hook. Called at the end of a run.
  static func uninstall(_ hooks: Variables) {
    hooks.getMain.pointee = nil
    hooks.isMain.pointee = nil
    hooks.enqueueGlobal.pointee = nil
    hooks.enqueueMain.pointee = nil
    hooks.enqueueDelay.pointee = nil
    hooks.enqueueDeadline.pointee = nil
  }
}
