import Foundation

/// Finds the `simulation-selfcheck` executable that `swift build --build-tests` puts beside the
/// test bundle.
enum SelfCheckExecutable {
  struct NotBuilt: Error, CustomStringConvertible {
    var searchedFrom: String
    var description: String {
      "simulation-selfcheck was not found near \(searchedFrom); build it with `swift build --build-tests` first"
    }
  }

  static func url() throws -> URL {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("simulation-selfcheck")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    throw NotBuilt(searchedFrom: testBinary.path)
  }
}
