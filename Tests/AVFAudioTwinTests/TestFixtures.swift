import Foundation

/// Paths of the repository's audio fixtures and scratch files for the AVFAudio twin tests.
enum TestFixtures {
  /// The repository's `fixtures/audio` folder.
  static var audio: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("fixtures/audio")
  }

  /// A fresh file path in a new temporary folder.
  static func temporaryFile(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("avf-twin-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name)
  }
}
