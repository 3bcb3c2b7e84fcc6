import Foundation
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

/// Runs the built `speech-replay` executable and captures what it printed.
struct CommandLineRun {
  let status: Int32
  let endedBySignal: Bool
  let standardOutput: String
  let standardError: String

  /// The `speech-replay` binary next to this test bundle in the build folder.
  static func executable() throws -> URL { try executable(named: "speech-replay") }

  /// An executable of this package next to this test bundle in the build folder.
  static func executable(named name: String) throws -> URL { try BuiltExecutable.url(named: name) }

  /// Runs `speech-replay` with the given arguments from the repository root and waits for it.
  /// - Parameters:
  ///   - arguments: The arguments.
  ///   - environment: Variables set for the run on top of this process's environment.
  ///
  ///   - whileRunning: Called once the process started, before waiting for it (to signal it, say).
  ///
  /// The run history goes to a temporary file unless `environment` names one, so tests never
  /// write into the repository's `.speech-replay/`.
  ///   - executable: The executable of this package to run; `speech-replay` by default.
  init(
    _ arguments: [String], executable: String = "speech-replay", environment: [String: String] = [:],
    whileRunning: (Process) throws -> Void = { _ in }
  ) throws {
    let process = Process()
    process.executableURL = try Self.executable(named: executable)
    process.arguments = arguments
    process.currentDirectoryURL = Self.repositoryRoot
    // Output goes to files rather than pipes, so a chatty run cannot block on a full pipe.
    let folder = try TemporaryFolder(prefix: "cli").url
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("out")
    let errURL = folder.appendingPathComponent("err")
    guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
      FileManager.default.createFile(atPath: errURL.path, contents: nil)
    else {
      throw CommandLineRunError(message: "cannot create output files in \(folder.path); check the temporary folder")
    }
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    var variables = ProcessInfo.processInfo.environment
    variables["SPEECH_REPLAY_HISTORY"] = folder.appendingPathComponent("history.sqlite").path
    variables.merge(environment) { _, new in new }
    process.environment = variables
    try WorkerLaunch.serialized { try process.run() }
    do {
      try whileRunning(process)
    } catch {
      // Never leave the process behind a failed test.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw error
    }
    process.waitUntilExit()
    try out.close()
    try err.close()
    status = process.terminationStatus
    endedBySignal = process.terminationReason == .uncaughtSignal
    standardOutput = try String(contentsOf: outURL, encoding: .utf8)
    standardError = try String(contentsOf: errURL, encoding: .utf8)
  }

  /// The lines printed on standard error.
  var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }

  static var repositoryRoot: URL { TestFiles.root }
}

struct CommandLineRunError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
