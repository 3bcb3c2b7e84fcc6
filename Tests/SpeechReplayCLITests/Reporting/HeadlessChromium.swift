import Foundation
import SpeechReplayCLI
import SpeechReplayTestSupport

/// Headless Chromium, for tests that load the HTML report in a real browser.
///
/// Not optional: `ci/bootstrap` installs the `chromium` package, so a missing browser is a failure
/// that says how to install it, never a skipped test. `SPEECH_REPLAY_CHROMIUM` names another binary.
struct HeadlessChromium {
  /// The browser binary.
  let executable: URL

  /// Finds the browser: `$SPEECH_REPLAY_CHROMIUM`, else `chromium`, `chromium-browser` or
  /// `chromium-headless-shell` on the `PATH`.
  init() throws {
    let environment = ProcessInfo.processInfo.environment
    if let named = environment["SPEECH_REPLAY_CHROMIUM"], FileManager.default.isExecutableFile(atPath: named) {
      executable = URL(fileURLWithPath: named)
      return
    }
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    for name in ["chromium", "chromium-browser", "chromium-headless-shell"] {
      for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
        executable = URL(fileURLWithPath: folder + "/" + name)
        return
      }
    }
    throw CommandLineRunError(
      message:
        "headless Chromium is not installed (no chromium on the PATH, SPEECH_REPLAY_CHROMIUM unset); run ci/bootstrap, which installs it"
    )
  }

  /// What the browser printed and the DOM it dumped or the file it wrote.
  struct Output {
    var standardOutput: String
    var standardError: String
    var status: Int32
  }

  /// Loads `page` and returns the DOM after its scripts ran (`--dump-dom`), with the console's
  /// errors on standard error (`--enable-logging=stderr`).
  func dumpDOM(_ page: URL) throws -> Output {
    try run(["--dump-dom", "--enable-logging=stderr", "--v=0", page.absoluteString])
  }

  /// Loads `page` in a 1400×1000 window and writes a PNG screenshot to `file`.
  func screenshot(_ page: URL, to file: URL) throws -> Output {
    try run(["--screenshot=\(file.path)", "--window-size=1400,1000", "--hide-scrollbars", page.absoluteString])
  }

  private func run(_ arguments: [String]) throws -> Output {
    let folder = try TemporaryFolder(prefix: "chromium")
    defer { folder.remove() }
    let process = Process()
    process.executableURL = executable
    // A profile of its own per run, so parallel tests never share one.
    process.arguments =
      ["--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--user-data-dir=\(folder.path)/profile"]
      + arguments
    let outURL = folder.url.appendingPathComponent("out"), errURL = folder.url.appendingPathComponent("err")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try WorkerLaunch.serialized { try process.run() }
    process.waitUntilExit()
    try out.close()
    try err.close()
    return Output(
      standardOutput: try String(contentsOf: outURL, encoding: .utf8),
      standardError: try String(contentsOf: errURL, encoding: .utf8),
      status: process.terminationStatus)
  }
}
