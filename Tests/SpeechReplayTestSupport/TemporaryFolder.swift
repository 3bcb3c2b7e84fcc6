import Foundation

/// A fresh folder under the temporary directory for one test, with helpers to write files into it.
package struct TemporaryFolder: Sendable {
  /// The folder.
  package let url: URL

  /// Creates the folder, inside ``processRoot`` (removed when the test process exits, so a test
  /// that does not call ``remove()`` leaves nothing behind).
  /// - Parameter prefix: The start of its name, to tell tests' folders apart.
  package init(prefix: String = "speech-replay-tests") throws {
    url = Self.processRoot.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The folder of this test process that holds the folders made without a parent, removed when the
  /// process exits: test runs used to leave some hundred folders a run in the temporary folder.
  package static let processRoot: URL = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "speech-replay-tests-\(getpid())-\(UUID().uuidString.prefix(8))")
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    processRootPath = root.path
    atexit {
      if let path = processRootPath { try? FileManager.default.removeItem(atPath: path) }
    }
    return root
  }()

  /// Creates the folder inside `parent` (which removes it with itself).
  /// - Parameter parent: An existing folder.
  package init(under parent: URL) throws {
    url = parent.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The folder's path.
  package var path: String { url.path }

  /// Writes `text` to `relative` (creating folders) and returns the file's path.
  @discardableResult
  package func write(_ relative: String, _ text: String = "name: x\n") throws -> String {
    let file = url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// Links `fixtures/audio` into the folder as `audio/`, so scenarios written here can say `audio: audio/x.wav`.
  package func linkAudioFixtures() throws {
    try FileManager.default.createSymbolicLink(
      at: url.appendingPathComponent("audio"), withDestinationURL: TestFiles.audio)
  }

  /// Deletes the folder.
  package func remove() { try? FileManager.default.removeItem(at: url) }
}

/// ``TemporaryFolder/processRoot``'s path, for the exit handler (which cannot capture it).
nonisolated(unsafe) private var processRootPath: String?
