import Foundation

/// Executables the package builds next to the test bundle (`speech-replay` and the probes in
/// Tests/Probes), for tests that start them as processes.
package enum BuiltExecutable {
  /// The executable `name` in the build folder.
  /// - Throws: ``Missing`` when it was not built (`swift build --build-tests` builds it).
  package static func url(named name: String) throws -> URL {
    var candidates = [URL(fileURLWithPath: CommandLine.arguments[0]), Bundle.main.bundleURL]
    if let executable = Bundle.main.executableURL { candidates.append(executable) }
    for start in candidates {
      var folder = start.deletingLastPathComponent()
      for _ in 0..<5 {
        let binary = folder.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        folder = folder.deletingLastPathComponent()
      }
    }
    throw Missing(name: name)
  }

  /// No such executable beside the test bundle.
  package struct Missing: Error, CustomStringConvertible {
    package var name: String
    package var description: String { "no \(name) next to the test bundle; run `swift build --build-tests` first" }
  }
}
