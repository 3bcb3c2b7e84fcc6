import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Workers die with their parent, however the parent ends — a SIGKILL (an out-of-memory kill, a CI
/// job cancelled hard) included, which no handler in the parent sees.
///
/// The parent gives each worker the read end of a pipe as its standard input and keeps the write
/// end (close-on-exec, so no other worker inherits it) until the worker ended; the kernel closes it
/// when the parent dies, however it dies. The worker watches its standard input on a thread of its
/// own: end of file means the parent is gone, and the worker removes the files the parent would have
/// removed (its output folder) and kills its process group. On Linux `PR_SET_PDEATHSIG` also
/// signals the worker when the parent dies; the signal handler checks that the parent is really
/// gone (the signal also follows the death of the parent's *thread* that started the worker), and
/// does the same. Both ways work without the parent's help, on Linux and on macOS.
package enum ParentWatch {
  /// The parent's process id, set in the worker's environment.
  static let parentVariable = "SPEECH_REPLAY_PARENT_PID"
  /// The temporary folder holding the worker's output files, removed when the parent is gone.
  package static let folderVariable = "SPEECH_REPLAY_WORKER_FOLDER"

  // Read by the signal handler: plain C values set once before it is installed.
  nonisolated(unsafe) private static var expectedParent: pid_t = 0
  nonisolated(unsafe) private static var folderPath: UnsafeMutablePointer<CChar>?
  nonisolated(unsafe) private static var outputPaths: (UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<CChar>?) = (
    nil, nil
  )

  // MARK: Parent

  /// The environment of a worker whose output files are in `folder`.
  static func environment(folder: URL) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment[parentVariable] = String(getpid())
    environment[folderVariable] = folder.path
    return environment
  }

  /// A pipe whose read end becomes the worker's standard input; both ends close-on-exec, so only
  /// the worker (through its standard input) and this process hold it.
  /// - Returns: The read end for the worker and the write end the parent holds until the worker ended.
  static func lifeline() throws -> (read: FileHandle, write: FileHandle) {
    var ends: [Int32] = [-1, -1]
    // pipe2(O_CLOEXEC) is not visible to Swift without _GNU_SOURCE: pipe, then close-on-exec at
    // once (a worker started in between would hold a copy of the write end; on Linux the death
    // signal still reaches it).
    guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    return (
      FileHandle(fileDescriptor: ends[0], closeOnDealloc: true),
      FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    )
  }

  // MARK: Worker

  /// In a worker started by a parent that watches it: dies with the parent. Does nothing in a
  /// process started otherwise (a user running `run-scenario` by hand).
  ///
  /// - Parameter watchingInput: Whether a thread watches standard input for end of file; a reused
  ///   worker (`serve-scenarios`) reads its requests there and watches it itself.
  package static func startInWorker(watchingInput: Bool = true) {
    let environment = ProcessInfo.processInfo.environment
    guard let text = environment[parentVariable], let parent = pid_t(text) else { return }
    // Not inherited by anything this worker starts.
    unsetenv(parentVariable)
    unsetenv(folderVariable)
    expectedParent = parent
    if let folder = environment[folderVariable] {
      folderPath = strdup(folder)
      outputPaths = (strdup(folder + "/stdout"), strdup(folder + "/stderr"))
    }
    #if os(Linux)
      signal(SIGUSR2) { _ in ParentWatch.dieIfOrphaned() }
      // prctl is variadic in C, which Swift does not import: called through its address with the
      // four integer arguments PR_SET_PDEATHSIG takes.
      typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
      if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
        let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG
        _ = unsafeBitCast(symbol, to: Prctl.self)(setParentDeathSignal, UInt(SIGUSR2), 0, 0, 0)
      }
    #endif
    // The parent may have died before the line above: then this process already has another parent.
    dieIfOrphaned()
    guard watchingInput else { return }
    Thread.detachNewThread {
      var byte: UInt8 = 0
      while true {
        let count = read(STDIN_FILENO, &byte, 1)
        if count > 0 { continue }
        if count < 0, errno == EINTR { continue }
        break
      }
      // End of file: every write end is closed, so the parent is gone (or closed it on purpose).
      die()
    }
  }

  /// Ends this worker when its parent is no longer the one that started it. Async-signal-safe.
  private static func dieIfOrphaned() {
    if getppid() != expectedParent { die() }
  }

  /// Removes the output files the parent would have removed, then kills this worker's process
  /// group (anything it started) and itself. Async-signal-safe: `unlink`, `rmdir`, `kill`, `_exit`.
  static func die() -> Never {
    if let path = outputPaths.0 { unlink(path) }
    if let path = outputPaths.1 { unlink(path) }
    if let path = folderPath { rmdir(path) }
    if getpgrp() == getpid() { kill(0, SIGKILL) }
    _exit(137)
  }
}
