import Foundation
import SpeechReplay

/// What one finished worker process left behind: how it ended and what it printed.
struct WorkerCapture: Sendable {
  /// `true` when the process exited; `false` when a signal ended it.
  var exitedNormally: Bool
  /// The exit status, or the signal number when ``exitedNormally`` is `false`.
  var status: Int32
  var standardOutput: String
  var standardError: String

  /// Starts a process and waits, without blocking a thread, until it ends.
  ///
  /// Output goes to temporary files rather than pipes, so a chatty worker can never block on a full
  /// pipe while the parent waits for it to end.
  static func run(executable: URL, arguments: [String], workingDirectory: URL?) async throws -> WorkerCapture {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("speech-replay-worker-\(UUID().uuidString)")
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
    process.standardInput = FileHandle.nullDevice
    let ending: (Bool, Int32) = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { finished in
        continuation.resume(returning: (finished.terminationReason == .exit, finished.terminationStatus))
      }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    // Decoding repairs invalid UTF-8, which a worker that died mid-write can leave behind.
    let standardOutput = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
    let standardError = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
    return WorkerCapture(exitedNormally: ending.0, status: ending.1, standardOutput: standardOutput, standardError: standardError)
  }
}
