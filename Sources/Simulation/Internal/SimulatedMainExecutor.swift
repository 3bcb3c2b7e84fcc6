/// Stands in for the main executor while a simulation runs, so that `@MainActor` code runs on the
/// simulation loop (installed through `swift_task_getMainExecutor_hook`).
final class SimulatedMainExecutor: SerialExecutor, @unchecked Sendable {
  /// The one instance; the hooks compare executors against it by identity.
  static let shared = SimulatedMainExecutor()
  static let sharedRef = shared.asUnownedSerialExecutor()

  /// Whether `executor` is the simulated main executor.
  static func isSimulated(_ executor: UnownedSerialExecutor) -> Bool {
    unsafeBitCast(executor, to: (Int, Int).self) == unsafeBitCast(sharedRef, to: (Int, Int).self)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    if let engine = Simulation.engineOnThisThread {
      engine.enqueueFromSimulationThread(.main(job))
    } else if let engine = Simulation.activeFromAnyThread {
      // Main-actor work resumed from another thread (for example a continuation resumed by a
      // Dispatch callback inside a @MainActor function): it belongs to the run; capture it.
      engine.acceptForeign(.main(job), kind: .foreignMainEnqueue)
    } else {
      // The run that created this job is over: let the real main executor have it.
      MainActor.shared.enqueue(job)
    }
  }

  func checkIsolated() {
    // Code that runs as if on another thread (the audio render thread) is not main-actor isolated,
    // even though the simulation runs everything on one thread: trap as a device does.
    if let context = Simulation.engineOnThisThread?.offMainActorContext { context.violated() }
    // A trap is the contract of checkIsolated when the caller is not isolated.
    precondition(
      Simulation.engineOnThisThread != nil,
      "Simulation: main-actor isolation was asserted outside the simulation thread")
  }
}
