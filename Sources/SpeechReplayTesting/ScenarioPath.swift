import Foundation

/// Scenario paths relative to the test file that names them.
enum ScenarioPath {
  /// `path` resolved against the folder of `testFile` (`#filePath`); an absolute path is kept.
  static func resolve(_ path: String, relativeTo testFile: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    return URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
      .path
  }
}
