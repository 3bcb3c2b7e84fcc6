import Foundation
import Simulation
import Synchronization

/// The idle reused workers of a run (``ReusableWorker``), kept between ``WorkerPool`` runs (an
/// exploration's batches) and replaced when one dies.
///
/// ```swift
/// let workers = ReusableWorkers(executable: speechReplayBinary)
/// let pool = WorkerPool(command: command, jobs: 2, reusing: workers)
/// _ = await pool.run(scenarios, seed: nil)
/// workers.close()
/// ```
package final class ReusableWorkers: Sendable {
  /// The worker executable (it must answer `serve-scenarios`).
  package let executable: URL
  /// The workers' working directory; `nil` for this process's.
  package let workingDirectory: URL?
  /// Where workers are registered, so a signal to the parent kills them.
  package let processes: WorkerProcesses?
  private let idle = ThreadLock<[ReusableWorker]>([])
  private let started = Atomic<Int>(0)
  /// Requests that may run at once, each on its own worker (`nil`: no bound, a worker per caller).
  package let limit: Int?
  /// Held by each running request when there is a ``limit``: a request beyond it waits for one to end.
  private let slots: DispatchSemaphore?
  /// How long closing a worker waits for it to exit, and again once it was killed.
  private let endGrace: Duration

  /// Creates an empty set; workers start as requests need them.
  ///
  /// - Parameters:
  ///   - executable: The worker executable.
  ///   - workingDirectory: The workers' working directory; `nil` for this process's.
  ///   - processes: The registry a signal handler kills workers through; `nil` for none.
  ///   - limit: The most requests that run at once (and so the most live workers); more callers
  ///     wait for a worker to come free. `nil` starts a worker for every caller that finds none idle.
  ///   - endGrace: How long closing a worker waits for it to exit at the end of its requests, and
  ///     again once its process group was killed, before the parent stops waiting for it.
  package init(
    executable: URL, workingDirectory: URL? = nil, processes: WorkerProcesses? = nil, limit: Int? = nil,
    endGrace: Duration = .seconds(30)
  ) {
    self.endGrace = endGrace
    self.executable = executable
    self.workingDirectory = workingDirectory
    self.processes = processes
    self.limit = limit.map { max(1, $0) }
    slots = self.limit.map { DispatchSemaphore(value: $0) }
  }

  /// How many worker processes were started so far (a crash or a timeout costs one more).
  package var processesStarted: Int { started.load(ordering: .relaxed) }

  /// Runs one request on an idle worker, or on a new one; blocks the calling thread (also while
  /// ``limit`` requests are running).
  ///
  /// - Parameters:
  ///   - request: The request line.
  ///   - timeout: The wall-clock time it may take.
  /// - Returns: What it left behind.
  /// - Throws: When no worker could be started.
  func run(_ request: String, timeout: Duration?) throws -> WorkerCapture {
    slots?.wait()
    defer { slots?.signal() }
    while true {
      let worker: ReusableWorker
      if let waiting = idle.withLock({ $0.popLast() }) {
        worker = waiting
      } else {
        worker = try ReusableWorker(
          executable: executable, workingDirectory: workingDirectory, processes: processes, endGrace: endGrace)
        started.add(1, ordering: .relaxed)
      }
      do {
        let capture = try worker.run(request, timeout: timeout)
        if worker.isAlive { idle.withLock { $0.append(worker) } }
        return capture
      } catch {
        // It died while idle (killed from outside): the request never ran. A new worker takes it,
        // unless the run is being interrupted (then no new worker starts: register refuses it).
        if processes?.receivedSignal != nil { throw error }
        continue
      }
    }
  }

  /// Ends every idle worker (each exits at the end of its requests).
  package func close() {
    let workers = idle.withLock { idle in
      defer { idle = [] }
      return idle
    }
    for worker in workers { worker.close() }
  }

  deinit { close() }
}
