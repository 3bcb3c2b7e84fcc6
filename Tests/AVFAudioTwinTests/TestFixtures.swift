import Foundation
import SpeechReplayTestSupport

/// Paths of the repository's audio fixtures and scratch files for the AVFAudio twin tests.
enum TestFixtures {
  /// The repository's `fixtures/audio` folder.
  static var audio: URL {
    TestFiles.audio
  }

  /// A fresh file path in a new temporary folder.
  static func temporaryFile(_ name: String) throws -> URL {
    let folder = try TemporaryFolder(prefix: "avf-twin").url
    return folder.appendingPathComponent(name)
  }
}
