import Foundation

/// Folders of the repository, found from this file's path (`#filePath`) so tests read the bundled
/// scenarios and fixtures wherever the package is checked out, and scenario files written for one test.
package enum TestFiles {
  /// The package root (the folder holding Package.swift).
  package static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The bundled scenarios, `Scenarios/`.
  package static var scenarios: URL { root.appendingPathComponent("Scenarios") }

  /// The bundled scenario files (`Scenarios/*.yaml`), by file name, sorted.
  package static var scenarioFiles: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? []).filter { $0.hasSuffix(".yaml") }
      .sorted()
  }

  /// The test fixtures, `fixtures/`.
  package static var fixtures: URL { root.appendingPathComponent("fixtures") }

  /// The fixtures' audio files, `fixtures/audio/`.
  package static var audio: URL { fixtures.appendingPathComponent("audio") }

  /// Writes `text` to a new file in a fresh temporary folder, with `fixtures/audio` reachable as
  /// `audio/` beside it, and returns its path.
  package static func write(_ text: String, name: String = "scenario.yaml") throws -> String {
    let folder = try TemporaryFolder()
    try folder.linkAudioFixtures()
    return try folder.write(name, text)
  }
}
