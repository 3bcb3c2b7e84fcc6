import Foundation
import Simulation
import SpeechReplay

/// What one finished worker process left behind: how it ended and what it printed.
struct WorkerCapture: Sendable {
  /// `true` when the process exited; `false` when a signal ended it.
  var exitedNormally: Bool
  /// The exit status, or the signal number when ``exitedNormally`` is `false`.
  var status: Int32
  var standardOutput: String
  var standardError: String
  /// `true` when the worker ran past the timeout and was killed (``status`` is then SIGKILL).
  var timedOut = false

  /// Starts a process and waits, without blocking a thread, until it ends or the timeout kills it.
  ///
  /// Output goes to temporary files rather than pipes, so a chatty worker can never block on a full
  /// pipe while the parent waits for it to end.
  ///
  /// - Parameters:
  ///   - timeout: The wall-clock time the worker may take; past it, its process group gets SIGKILL. `nil` for none.
  ///   - processes: Where the running worker is registered, so a signal to the parent kills it.
  static func run(
    executable: URL, arguments: [String], workingDirectory: URL?, timeout: Duration? = nil,
    processes: WorkerProcesses? = nil
  ) async throws -> WorkerCapture {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "speech-replay-worker-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("stdout")
    let errURL = folder.appendingPathComponent("stderr")
    guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
      FileManager.default.createFile(atPath: errURL.path, contents: nil)
    else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder.path]) }
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    defer {
      try? out.close()
      try? err.close()
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    process.standardOutput = out
    process.standardError = err
    // The worker watches this pipe's read end and dies with this process (ParentWatch), even after a
    // SIGKILL; the pipe is made inside the launch (WorkerLaunch), and the write end kept until the end.
    var lifeline: FileHandle?
    defer { try? lifeline?.close() }
    process.environment = ParentWatch.environment(folder: folder)
    // Set once the worker ended (so a late timer kills nothing) or once the timer killed it.
    let ended = Ending()
    let processes = processes
    let ending: (Bool, Int32) = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { finished in
        ended.finish()
        processes?.unregister(finished.processIdentifier)
        continuation.resume(returning: (finished.terminationReason == .exit, finished.terminationStatus))
      }
      do {
        lifeline = try WorkerLaunch.serialized {
          let pipe = try ParentWatch.lifeline()
          process.standardInput = pipe.read
          defer { try? pipe.read.close() }  // only the worker holds the read end now
          do {
            try process.run()
          } catch {
            try? pipe.write.close()
            throw error
          }
          return pipe.write
        }
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
        return
      }
      let pid = process.processIdentifier
      // A run interrupted while this worker started: register kills it, and it ends as interrupted.
      _ = processes?.register(pid)
      if let timeout {
        // A dispatch timer, not a task: it holds no thread while it waits. Firing after the worker ended does nothing.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds) {
          if ended.expire() { WorkerProcesses.killGroup(pid) }
        }
      }
    }
    // Decoding repairs invalid UTF-8, which a worker that died mid-write can leave behind.
    let standardOutput = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
    let standardError = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
    return WorkerCapture(
      exitedNormally: ending.0, status: ending.1, standardOutput: standardOutput, standardError: standardError,
      timedOut: ending.0 == false && ended.timedOut)
  }
}

extension WorkerCapture {
  /// Whether a worker ended before its timer fired, or the timer killed it first: exactly one wins.
  private final class Ending: Sendable {
    private let state = ThreadLock<(ended: Bool, timedOut: Bool)>((false, false))

    /// The worker ended (of itself or killed).
    func finish() { state.withLock { $0.ended = true } }

    /// The timer fired: `true` when the worker is still running and must be killed.
    func expire() -> Bool {
      state.withLock { state in
        guard !state.ended else { return false }
        state.timedOut = true
        return true
      }
    }

    /// Whether the timer killed the worker.
    var timedOut: Bool { state.withLock { $0.timedOut } }
  }
}
