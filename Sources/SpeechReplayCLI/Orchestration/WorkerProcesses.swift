import Dispatch
import Foundation
import Simulation

/// The worker processes a run has started, so that Ctrl-C or a CI job's cancel (SIGINT, SIGTERM)
/// sent to the parent ends them all, and no worker outlives the run.
///
/// Each worker runs in its own process group (on Linux, Foundation's `Process` makes every child a
/// group leader), so a terminal's Ctrl-C reaches only the parent; ``interrupt(by:)`` kills each
/// worker's whole group, or the worker alone where it is not a group leader. After that, ``register(_:)`` refuses new workers: the pool starts no more, and
/// the run writes its reports for what finished.
///
/// ```swift
/// let processes = WorkerProcesses()
/// let handlers = processes.handleSignals([SIGINT, SIGTERM])
/// let results = await WorkerPool(command: command, jobs: 4, processes: processes).run(scenarios, seed: nil)
/// if let signal = processes.receivedSignal { exit(128 + signal) }
/// ```
package final class WorkerProcesses: Sendable {
  private struct State {
    var running: Set<pid_t> = []
    var signal: Int32?
  }

  private let state = ThreadLock(State())

  /// Creates an empty registry.
  package init() {}

  /// The signal that interrupted the run, or `nil` while it goes on.
  package var receivedSignal: Int32? { state.withLock { $0.signal } }

  /// Records a started worker (a process-group leader).
  ///
  /// - Parameter pid: The worker's process id, which is also its process group id.
  /// - Returns: `false` when the run is already interrupted; the worker's group has then been killed.
  package func register(_ pid: pid_t) -> Bool {
    let accepted = state.withLock { state in
      guard state.signal == nil else { return false }
      state.running.insert(pid)
      return true
    }
    if !accepted { Self.killGroup(pid) }
    return accepted
  }

  /// Forgets a worker that ended.
  ///
  /// - Parameter pid: The worker's process id.
  package func unregister(_ pid: pid_t) {
    _ = state.withLock { $0.running.remove(pid) }
  }

  /// Marks the run interrupted and kills every running worker's process group.
  ///
  /// - Parameter signal: The signal the parent received; only the first is kept.
  package func interrupt(by signal: Int32) {
    let running = state.withLock { state in
      if state.signal == nil { state.signal = signal }
      return state.running
    }
    for pid in running { Self.killGroup(pid) }
  }

  /// Catches `signals` (instead of dying of them) and turns each into ``interrupt(by:)``.
  ///
  /// - Parameters:
  ///   - signals: The signals, for example `[SIGINT, SIGTERM]`.
  ///   - received: Called on the handlers' queue with each signal, after the workers are killed.
  /// - Returns: The signal sources; keep them for as long as the signals should be caught.
  package func handleSignals(
    _ signals: [Int32], received: @escaping @Sendable (Int32) -> Void = { _ in }
  ) -> [any DispatchSourceSignal] {
    signals.map { number in
      // The default action would end the parent at once and leave its workers running.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [self] in
        interrupt(by: number)
        received(number)
      }
      source.resume()
      return source
    }
  }

  /// SIGKILL to a worker's whole process group (the worker and anything it started), else to the worker.
  static func killGroup(_ pid: pid_t) {
    if kill(-pid, SIGKILL) != 0 { kill(pid, SIGKILL) }
  }

  /// The usual name of a signal that ends runs.
  static func name(of signal: Int32) -> String {
    switch signal {
    case SIGINT: "SIGINT"
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    default: "signal \(signal)"
    }
  }
}
