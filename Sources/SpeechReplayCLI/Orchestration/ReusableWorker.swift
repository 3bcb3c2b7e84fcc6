import Foundation
import Simulation

/// One worker process that runs many scenarios (`serve-scenarios`), one request at a time.
///
/// Starting a worker costs more than a short scenario does (tens of milliseconds: the process, the
/// dynamic linking, the runtime), so `run` and `explore` keep their workers. Crash isolation stays:
/// a request whose worker dies (a trap, an exit) or runs past its timeout (the worker's process group
/// is killed) ends as that request's ``WorkerCapture``, exactly as a worker started for it alone
/// would have, and the worker is not used again — ``ReusableWorkers`` starts another. Nor is a
/// worker whose reply holds ``WorkerCommand/retireRequest`` (its run left objects alive, ``RunLeftovers``):
/// it is ended once its reply is read.
///
/// Requests go down a pipe that is the worker's standard input (close-on-exec here, so no other
/// worker holds it: end of file is this process's death or ``close()``); replies come up a pipe
/// that is its standard output, ending with ``WorkerCommand/endOfReply``; standard error goes to a
/// file that is emptied before each request, so a crash reports only its own request's words.
///
/// Not thread-safe: one caller at a time (``ReusableWorkers`` hands each worker to one run).
final class ReusableWorker: @unchecked Sendable {
  private let process: Process
  private let requests: FileHandle
  private let replies: FileHandle
  private let errorPath: String
  private let errorFile: FileHandle
  private var pending: [UInt8] = []
  private var ended: (exitedNormally: Bool, status: Int32)?
  private let processes: WorkerProcesses?
  /// The worker's process id.
  let pid: pid_t
  /// Requests answered so far.
  private(set) var requestsAnswered = 0

  /// Starts `executable serve-scenarios`.
  ///
  /// - Parameters:
  ///   - executable: The worker executable (it must answer `serve-scenarios`).
  ///   - workingDirectory: Its working directory; `nil` for this process's.
  ///   - processes: Where it is registered, so a signal to the parent kills it.
  ///   - endGrace: How long ``close()`` waits for it to exit once its requests are closed, and again
  ///     once its process group was killed, before it stops waiting.
  init(executable: URL, workingDirectory: URL?, processes: WorkerProcesses?, endGrace: Duration) throws {
    self.endGrace = endGrace
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "speech-replay-worker-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    errorPath = folder.appendingPathComponent("stderr").path
    // O_APPEND: the parent empties the file between requests and the worker's writes land at its new end.
    let errorDescriptor = open(errorPath, O_WRONLY | O_CREAT | O_APPEND | O_TRUNC | O_CLOEXEC, 0o600)
    guard errorDescriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    errorFile = FileHandle(fileDescriptor: errorDescriptor, closeOnDealloc: true)
    // A request written to a worker that died while idle must fail with EPIPE, not end this process.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = executable
    process.arguments = [WorkerCommand.serveSubcommand]
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    process.standardError = errorFile
    process.environment = ParentWatch.environment(folder: folder)
    let ending = ThreadLock<(exitedNormally: Bool, status: Int32)?>(nil)
    let semaphore = DispatchSemaphore(value: 0)
    process.terminationHandler = { finished in
      ending.withLock { $0 = (finished.terminationReason == .exit, finished.terminationStatus) }
      semaphore.signal()
    }
    // The pipes are made and the worker's ends closed here inside the launch: see WorkerLaunch.
    let (requests, replies) = try WorkerLaunch.serialized {
      let input = try ParentWatch.lifeline()
      let output = try ParentWatch.lifeline()
      process.standardInput = input.read
      process.standardOutput = output.write
      try process.run()
      try? input.read.close()
      try? output.write.close()
      return (input.write, output.read)
    }
    self.process = process
    self.requests = requests
    self.replies = replies
    self.pid = process.processIdentifier
    self.processes = processes
    self.waitForEnd = { deadline in
      guard semaphore.wait(timeout: deadline) == .success else { return nil }
      return ending.withLock { $0! }
    }
    _ = processes?.register(pid)
  }

  /// The worker had ended before the request reached it; the request did not run.
  struct NotDelivered: Error {}

  /// Waits until the worker ended or `deadline` passed; nil at the deadline.
  private let waitForEnd: @Sendable (DispatchTime) -> (exitedNormally: Bool, status: Int32)?
  private let endGrace: Duration

  /// Whether the worker can take another request.
  var isAlive: Bool { ended == nil }

  /// Runs one request and waits for its reply or the worker's end (blocking the calling thread).
  ///
  /// - Parameters:
  ///   - request: The request line (``WorkerCommand/request(file:seed:)``).
  ///   - timeout: The wall-clock time the request may take; past it the worker's process group is killed.
  /// - Returns: What the request left behind, as a worker started for it alone would have.
  /// - Throws: ``NotDelivered`` when a worker that answered earlier requests had already ended (it
  ///   died while idle): the request never ran, and the worker is closed.
  func run(_ request: String, timeout: Duration?) throws(NotDelivered) -> WorkerCapture {
    precondition(isAlive, "a reused worker that ended takes no requests")
    _ = ftruncate(errorFile.fileDescriptor, 0)
    do {
      // A worker that died closed its end: the write fails (EPIPE; SIGPIPE is ignored).
      try requests.write(contentsOf: Data((request + "\n").utf8))
    } catch {
      let end = finish()
      // One that answered before died while idle: not this request's doing.
      if requestsAnswered > 0 { throw NotDelivered() }
      // A new one that ended at once (an executable that does not answer serve-scenarios) fails the request.
      return WorkerCapture(
        exitedNormally: end.exitedNormally, status: end.status, standardOutput: "", standardError: end.standardError)
    }
    let expired = ThreadLock<(done: Bool, timedOut: Bool)>((false, false))
    if let timeout {
      let pid = pid
      DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds) {
        let kill = expired.withLock { state in
          guard !state.done else { return false }
          state.timedOut = true
          return true
        }
        if kill { WorkerProcesses.killGroup(pid) }
      }
    }
    defer { expired.withLock { $0.done = true } }
    var output: [UInt8] = []
    let replied = readReply(into: &output)
    requestsAnswered += 1
    var standardOutput = String(decoding: output, as: UTF8.self)
    if replied {
      let retiring = Self.removeRetireRequest(from: &standardOutput)
      let capture = WorkerCapture(
        exitedNormally: true, status: 0, standardOutput: standardOutput, standardError: errorText())
      // The run left objects alive that no one can reset (RunLeftovers): the next request gets a new worker.
      if retiring { _ = finish() }
      return capture
    }
    // The worker died (or was killed) before its reply ended: this request is what it died of.
    let end = finish()
    return WorkerCapture(
      exitedNormally: end.exitedNormally, status: end.status, standardOutput: standardOutput,
      standardError: end.standardError, timedOut: !end.exitedNormally && expired.withLock { $0.timedOut })
  }

  /// Ends the worker: closes its requests (it exits at their end) and waits for it.
  func close() {
    guard isAlive else { return }
    _ = finish()
  }

  /// Closes the pipes, waits for the process to end, and removes its error file.
  private func finish() -> (exitedNormally: Bool, status: Int32, standardError: String) {
    try? requests.close()
    let end = waitForExit()
    let standardError = errorText()
    try? replies.close()
    try? errorFile.close()
    processes?.unregister(pid)
    try? FileManager.default.removeItem(atPath: (errorPath as NSString).deletingLastPathComponent)
    ended = end
    return (end.exitedNormally, end.status, standardError)
  }

  /// The worker's end, waited for within bounds: a worker that does not exit at the end of its requests
  /// (one that ignores its input, or whose end Foundation cannot see) is killed, and if even that is
  /// not seen the parent goes on, taking it as killed, rather than wait for good.
  private func waitForExit() -> (exitedNormally: Bool, status: Int32) {
    if let end = waitForEnd(.now() + endGrace.seconds) { return end }
    WorkerProcesses.killGroup(pid)
    return waitForEnd(.now() + endGrace.seconds) ?? (false, SIGKILL)
  }

  /// Reads standard output up to the end-of-reply line; `false` at end of file first.
  private func readReply(into output: inout [UInt8]) -> Bool {
    let marker = Array((WorkerCommand.endOfReply + "\n").utf8)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      if let range = Self.firstRange(of: marker, in: pending) {
        output += pending[..<range.lowerBound]
        pending.removeSubrange(..<range.upperBound)
        return true
      }
      // Keep what cannot be the start of the marker out of the pending bytes, so a chatty
      // worker's output is scanned once.
      if pending.count > marker.count {
        let keep = pending.count - marker.count
        output += pending[..<keep]
        pending.removeSubrange(..<keep)
      }
      let count = buffer.withUnsafeMutableBytes { read(replies.fileDescriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        pending += buffer[..<count]
      } else if count < 0, errno == EINTR {
        continue
      } else {
        output += pending
        pending = []
        return false
      }
    }
  }

  private static func firstRange(of marker: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
    guard bytes.count >= marker.count, let first = marker.first else { return nil }
    var index = 0
    while index + marker.count <= bytes.count {
      if bytes[index] == first, bytes[index..<index + marker.count].elementsEqual(marker) {
        // The marker starts a line: at the start, or after a line break.
        if index == 0 || bytes[index - 1] == UInt8(ascii: "\n") { return index..<index + marker.count }
      }
      index += 1
    }
    return nil
  }

  /// Removes the ``WorkerCommand/retireRequest`` line from a reply; whether there was one.
  private static func removeRetireRequest(from output: inout String) -> Bool {
    let line = WorkerCommand.retireRequest + "\n"
    guard let range = output.range(of: line, options: .backwards),
      range.lowerBound == output.startIndex || output[output.index(before: range.lowerBound)] == "\n"
    else { return false }
    output.removeSubrange(range)
    return true
  }

  /// What the worker wrote on standard error since the request began.
  private func errorText() -> String {
    String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: errorPath))) ?? Data(), as: UTF8.self)
  }
}
