import Foundation

/// A fresh folder under the temporary directory for one test, with helpers to write files into it.
package struct TemporaryFolder: Sendable {
  /// The folder.
  package let url: URL

  /// Creates the folder.
  /// - Parameter prefix: The start of its name, to tell tests' leftovers apart.
  package init(prefix: String = "speech-replay-tests") throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

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
