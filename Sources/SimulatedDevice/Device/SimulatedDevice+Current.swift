import Foundation
import Simulation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SimulatedDevice {
  /// Where an installed device applies: to one simulation run, or to one thread outside any run.
  private enum Scope: Hashable {
    case simulation(ObjectIdentifier)
    case thread(UInt)

    /// The running simulation on this thread, else this thread.
    static var current: Scope {
      if let simulation = Simulation.current { return .simulation(ObjectIdentifier(simulation)) }
      return thread
    }

    /// This thread. A simulation runs on the thread that called `Simulation.run`, so a device
    /// installed around the run on that thread is found inside it too.
    static var thread: Scope {
      #if canImport(Darwin)
        return .thread(UInt(bitPattern: pthread_self()))
      #else
        return .thread(UInt(pthread_self()))
      #endif
    }
  }

  /// Installed devices, innermost last, per scope. Scopes keep parallel tests and the one running
  /// simulation from seeing each other's devices.
  ///
  /// Guarded by an `NSLock` (a `pthread_mutex_t`), not `Synchronization.Mutex`: on Linux `Mutex`
  /// waits on a futex ThreadSanitizer cannot see, and `ci/tsan` reported a push and a pop of two
  /// parallel tests here as a race.
  nonisolated(unsafe) private static var installed: [Scope: [SimulatedDevice]] = [:]
  private static let installedLock = NSLock()
  private static let fallback = SimulatedDevice()

  /// The device the twins run on: the one installed with ``withDevice(_:_:)`` inside the running
  /// simulation, else the one installed on this thread (around `Simulation.run`, or outside any
  /// run); otherwise a default device (defaults of ``Configuration``, a model that knows no locale).
  public static var current: SimulatedDevice {
    let scope = Scope.current
    return installedLock.withLock { installed[scope]?.last ?? installed[Scope.thread]?.last } ?? fallback
  }

  /// Runs `body` with `device` installed as ``current``, then restores the previous device.
  ///
  /// Inside `Simulation.run` the device applies to that run — every task of it sees the device;
  /// outside a run it applies to the calling thread only.
  public static func withDevice<Result>(_ device: SimulatedDevice, _ body: () throws -> Result) rethrows -> Result {
    let scope = push(device)
    defer { pop(scope) }
    return try body()
  }

  /// Runs the async `body` with `device` installed as ``current`` for the running simulation.
  ///
  /// ```swift
  /// let report = try Simulation.run(.init(name: "scenario")) {
  ///   await SimulatedDevice.withDevice(device) { await app.start() }
  /// }
  /// ```
  public static func withDevice<Result>(
    _ device: SimulatedDevice, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
  ) async rethrows -> Result {
    let scope = push(device)
    defer { pop(scope) }
    return try await body()
  }

  private static func push(_ device: SimulatedDevice) -> Scope {
    let scope = Scope.current
    installedLock.withLock { installed[scope, default: []].append(device) }
    return scope
  }

  private static func pop(_ scope: Scope) {
    installedLock.withLock {
      installed[scope]?.removeLast()
      if installed[scope]?.isEmpty == true { installed[scope] = nil }
    }
  }
}
