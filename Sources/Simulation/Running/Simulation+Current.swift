internal import Synchronization

extension Simulation {
  /// The running simulation when called from one of its tasks; nil outside a run and on every
  /// other thread (so unrelated code running in parallel never sees a simulation).
  public static var current: Simulation? { engineOnThisThread }

  private static let simulationThread = Atomic<UInt>(0)
  nonisolated(unsafe) private static var engineForSimulationThread: Simulation?
  // ThreadLock, not Mutex: read from any thread, and ThreadSanitizer cannot see Mutex's futex waits.
  private static let active = ThreadLock<Simulation?>(nil)

  /// Whether the caller runs as main-actor code of the running simulation: on its thread and not
  /// inside code that a device runs on another thread (`runningOffMainActor`). False outside a run.
  package static var isOnMainActor: Bool { engineOnThisThread.map { $0.offMainActorContext == nil } ?? false }

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
}
