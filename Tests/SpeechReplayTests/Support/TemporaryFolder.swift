import Foundation

/// A fresh folder under the temporary directory for one test, with helpers to write files into it.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("SpeechReplayTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var path: String { url.path }

  /// Writes `text` to `relative` (creating folders) and returns the file's path.
  @discardableResult
  func write(_ relative: String, _ text: String = "name: x\n") throws -> String {
    let file = url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The `scenario-worker-probe` executable built next to the test bundle.
enum ProbeWorker {
  static func executable() throws -> URL {
    var candidates = [URL(fileURLWithPath: CommandLine.arguments[0]), Bundle.main.bundleURL]
    if let executable = Bundle.main.executableURL { candidates.append(executable) }
    for start in candidates {
      var folder = start.deletingLastPathComponent()
      for _ in 0..<5 {
        let binary = folder.appendingPathComponent("scenario-worker-probe")
        if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        folder = folder.deletingLastPathComponent()
      }
    }
    throw ProbeMissing()
  }

  struct ProbeMissing: Error, CustomStringConvertible {
    var description: String { "no scenario-worker-probe next to the test bundle; run `swift build --build-tests` first" }
  }
}
