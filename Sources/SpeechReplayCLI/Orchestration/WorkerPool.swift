import Foundation
import Simulation
import SpeechReplay

/// Runs a suite's scenarios in worker processes, up to `jobs` at a time, one simulation per process.
///
/// A worker that dies (a signal, or an exit without a result line) becomes a `crashed` result with
/// the tail of what it printed and how it ended, and the other scenarios go on. Results come back in
/// suite order whatever order the workers finish in.
///
/// ```swift
/// let pool = WorkerPool(command: WorkerCommand(executable: speechReplayBinary), jobs: 4)
/// let results = await pool.run(plan.scenarios, seed: nil) { index, result in print(result.name) }
/// ```
package struct WorkerPool: Sendable {
  /// How workers are started.
  package var command: WorkerCommand
  /// How many workers run at once (at least 1).
  package var jobs: Int
  /// How many characters of a crashed worker's standard output and error are kept, each.
  package var outputTailLength: Int
  /// The worker's working directory; `nil` for this process's.
  package var workingDirectory: URL?
  /// The wall-clock time one worker may take before its process group is killed and the scenario
  /// is `timedOut`; `nil` for no limit.
  package var timeout: Duration?
  /// Where running workers are registered so a signal to the parent kills them; once it is
  /// interrupted, no more workers start and the rest of the suite is `skipped`.
  package var processes: WorkerProcesses?
  /// Workers that run many scenarios each (``ReusableWorker``), kept between runs of this pool;
  /// `nil` to start one worker process per scenario.
  package var reusing: ReusableWorkers?

  /// Creates a pool.
  ///
  /// - Parameters:
  ///   - command: How workers are started.
  ///   - jobs: How many workers run at once; values below 1 count as 1.
  ///   - outputTailLength: Characters of a crashed worker's output kept per stream.
  ///   - workingDirectory: The workers' working directory; `nil` for this process's.
  ///   - timeout: The wall-clock time one worker may take; `nil` for no limit.
  ///   - processes: The registry a signal handler kills workers through; `nil` for none.
  ///   - reusing: Reused workers (their executable and working directory are used, not the
  ///     command's); `nil` for a worker process per scenario.
  package init(
    command: WorkerCommand, jobs: Int, outputTailLength: Int = 4_000, workingDirectory: URL? = nil,
    timeout: Duration? = nil,
    processes: WorkerProcesses? = nil, reusing: ReusableWorkers? = nil
  ) {
    self.command = command
    self.jobs = max(1, jobs)
    self.outputTailLength = outputTailLength
    self.workingDirectory = workingDirectory
    self.timeout = timeout
    self.processes = processes
    self.reusing = reusing
  }

  /// Runs every scenario and returns the results in suite order.
  ///
  /// - Parameters:
  ///   - scenarios: The scenarios, in suite order.
  ///   - seed: The seed override passed to every worker.
  ///   - order: The order workers start in, as indices into `scenarios` (``SuitePlan/startOrder(lastWallSeconds:)``
  ///     puts the longest first); suite order when `nil` or not a permutation of the indices. Only
  ///     when each scenario starts depends on it: the results are in suite order either way.
  ///   - started: Called, on the calling task, when a worker starts, with the scenario's index.
  ///   - finished: Called, on the calling task, as each result arrives (in completion order), with its index.
  /// - Returns: One result per scenario, in suite order.
  package func run(
    _ scenarios: [PlannedScenario], seed: UInt64?, order: [Int]? = nil, started: (Int) -> Void = { _ in },
    finished: (Int, ScenarioResult) -> Void = { _, _ in }
  ) async -> [ScenarioResult] {
    var results: [ScenarioResult?] = Array(repeating: nil, count: scenarios.count)
    let order = order.flatMap { $0.sorted() == Array(scenarios.indices) ? $0 : nil } ?? Array(scenarios.indices)
    await withTaskGroup(of: (Int, ScenarioResult).self) { group in
      var next = 0
      func startNext() {
        guard next < order.count, processes?.receivedSignal == nil else { return }
        let index = order[next]
        next += 1
        let scenario = scenarios[index]
        started(index)
        group.addTask {
          (
            index,
            scenario.loadingTimedOut
              ? loadingTimedOut(scenario, seed: seed) : await runWorker(for: scenario, seed: seed)
          )
        }
      }
      for _ in 0..<min(jobs, scenarios.count) { startNext() }
      for await (index, result) in group {
        results[index] = result
        finished(index, result)
        startNext()
      }
    }
    return results.enumerated().map { index, result in
      if result == nil, let signal = processes?.receivedSignal {
        return ScenarioResult(
          name: scenarios[index].name, file: scenarios[index].file, status: .skipped, seed: seed ?? 0,
          failures: [
            ScenarioFailure(
              "not run: the run was interrupted by \(WorkerProcesses.name(of: signal))",
              check: CheckID(.run, "interrupted"))
          ])
      }
      return result
        ?? ScenarioResult(
          name: scenarios[index].name, file: scenarios[index].file, status: .crashed, seed: seed ?? 0,
          failures: [
            ScenarioFailure(
              "the worker never reported; run it alone with `\(command.reproduction(file: scenarios[index].file, seed: seed))`",
              check: CheckID(.run, "crashed"))
          ])
    }
  }

  /// The result of a scenario whose loading in the parent ran past the timeout: timed out, naming
  /// the file; no worker ran it (it would only have loaded it as slowly).
  private func loadingTimedOut(_ scenario: PlannedScenario, seed: UInt64?) -> ScenarioResult {
    let limit = timeout.map { "\(Self.secondsText($0)) s " } ?? ""
    return ScenarioResult(
      name: scenario.name, file: scenario.file, status: .timedOut, seed: seed ?? 0,
      failures: [
        ScenarioFailure(
          "loading \(scenario.file) took longer than the \(limit)time limit (--timeout), so no worker ran it: what it names "
            + "or generates is too large to replay in that time; make it smaller, or raise --timeout",
          check: CheckID(.run, "timeout"), at: SourceLocation(file: scenario.file, line: 1, column: 1))
      ])
  }

  /// Runs one worker to its end and turns what it left behind into a result.
  private func runWorker(for scenario: PlannedScenario, seed: UInt64?) async -> ScenarioResult {
    let clock = ContinuousClock()
    let start = clock.now
    let capture: WorkerCapture
    do {
      if let reusing {
        let request = command.request(file: scenario.file, seed: seed)
        capture = try await withCheckedThrowingContinuation { continuation in
          // A reused worker is read with blocking calls: on a thread of its own, not the pool's task.
          DispatchQueue.global().async { [timeout] in
            continuation.resume(with: Result { try reusing.run(request, timeout: timeout) })
          }
        }
      } else {
        capture = try await WorkerCapture.run(
          executable: command.executable, arguments: command.arguments(file: scenario.file, seed: seed),
          workingDirectory: workingDirectory,
          timeout: timeout, processes: processes)
      }
    } catch {
      return ScenarioResult(
        name: scenario.name, file: scenario.file, status: .crashed, seed: seed ?? 0,
        failures: [
          ScenarioFailure(
            "could not start the worker \(command.executable.path): \(error); check that the executable exists and is built",
            check: CheckID(.run, "worker"))
        ])
    }
    let elapsed = start.duration(to: clock.now)
    let wallSeconds = elapsed.seconds
    if capture.exitedNormally, capture.status == 0,
      var result = ScenarioWorker.result(fromOutput: capture.standardOutput)
    {
      // The worker names the file as it was handed over; keep the parent's spelling for reports.
      result.file = scenario.file
      return result
    }
    let output = Self.outputTails(capture, length: outputTailLength)
    if capture.timedOut, let timeout {
      return ScenarioResult(
        name: scenario.name, file: scenario.file, status: .timedOut, seed: seed ?? 0,
        failures: [
          ScenarioFailure(
            "timed out after \(Self.secondsText(timeout)) s (--timeout); the worker was killed. Reproduce it alone with `\(command.reproduction(file: scenario.file, seed: seed))`, or raise --timeout if the scenario is just slow",
            check: CheckID(.run, "timeout"))
        ],
        wallSeconds: wallSeconds, output: output)
    }
    if let signal = processes?.receivedSignal, !capture.exitedNormally {
      // Killed by the parent on SIGINT/SIGTERM, not crashed: it did not get to finish.
      return ScenarioResult(
        name: scenario.name, file: scenario.file, status: .skipped, seed: seed ?? 0,
        failures: [
          ScenarioFailure(
            "interrupted by \(WorkerProcesses.name(of: signal)) before it finished; the worker was killed",
            check: CheckID(.run, "interrupted"))
        ],
        wallSeconds: wallSeconds, output: output)
    }
    let how =
      capture.exitedNormally
      ? (capture.status == 0
        ? "exited without printing a result line" : "exited with status \(capture.status) without a result line")
      : "was killed by signal \(capture.status) (\(Self.signalName(capture.status)))"
    // The twins' and the runtime's last words name the cause; a backtrace after them can push them
    // out of the tail, so they lead the failure.
    let cause = Self.causeLines(capture.standardError)
    return ScenarioResult(
      name: scenario.name, file: scenario.file, status: .crashed, seed: seed ?? 0,
      failures: [
        ScenarioFailure(
          "the worker running this scenario \(how); the scenario crashed or trapped. \(cause.isEmpty ? "" : cause.joined(separator: " ") + " ")Reproduce it alone with `\(command.reproduction(file: scenario.file, seed: seed))`",
          check: CheckID(.run, "crashed"))
      ],
      wallSeconds: wallSeconds, output: output)
  }

  /// The lines of a crashed worker's standard error that say why: the diagnostics the library
  /// prints (`NAME: diagnostic:`, NAME the executable's) and Swift's `Fatal error:` line (at most four).
  static func causeLines(_ standardError: String) -> [String] {
    standardError.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { Self.isDiagnostic($0) || $0.contains("Fatal error:") }
      .prefix(4).map { String($0) }
  }

  /// Whether a line is a diagnostic: `NAME: diagnostic: …`, NAME an executable's file name.
  static func isDiagnostic(_ line: some StringProtocol) -> Bool {
    guard let range = line.range(of: ": diagnostic: ") else { return false }
    let name = line[..<range.lowerBound]
    return !name.isEmpty && !name.contains(" ") && !name.contains("/")
  }

  /// The last `length` characters of each of the worker's streams, labelled.
  static func outputTails(_ capture: WorkerCapture, length: Int) -> String {
    var output = ""
    let out = tail(capture.standardOutput, length: length)
    let err = tail(capture.standardError, length: length)
    if !out.isEmpty { output += "standard output (last \(out.count) characters):\n\(out)\n" }
    if !err.isEmpty { output += "standard error (last \(err.count) characters):\n\(err)\n" }
    return output
  }

  /// `300`, `1.5`: a timeout in seconds as the user wrote it.
  static func secondsText(_ duration: Duration) -> String {
    String(format: "%g", duration.seconds)
  }

  static func tail(_ text: String, length: Int) -> String {
    text.count <= length ? text : String(text.suffix(length))
  }

  /// The usual name of a POSIX signal number on Linux and macOS.
  static func signalName(_ signal: Int32) -> String {
    switch signal {
    case 4: "SIGILL, a Swift trap such as fatalError or a failed precondition"
    case 5: "SIGTRAP, a Swift trap such as fatalError or a failed precondition"
    case 6: "SIGABRT, abort"
    case 7: "SIGBUS, bad memory access"
    case 8: "SIGFPE, arithmetic error"
    case 9: "SIGKILL, killed"
    case 11: "SIGSEGV, bad memory access"
    case 15: "SIGTERM, terminated"
    default: "signal \(signal)"
    }
  }
}
