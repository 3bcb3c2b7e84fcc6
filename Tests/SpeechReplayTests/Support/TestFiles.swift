import Foundation

/// Paths of the repository and temporary scenario files for tests.
enum TestFiles {
  /// The package root.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The bundled scenarios folder.
  static var scenarios: URL { root.appendingPathComponent("Scenarios") }

  /// The fixtures' audio folder.
  static var audio: URL { root.appendingPathComponent("fixtures/audio") }

  /// Writes `text` to a new file in a fresh temporary folder, with `fixtures/audio` reachable as
  /// `audio/` beside it, and returns its path.
  static func write(_ text: String, name: String = "scenario.yaml") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("speech-replay-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("audio"), withDestinationURL: audio)
    let file = folder.appendingPathComponent(name)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }
}
