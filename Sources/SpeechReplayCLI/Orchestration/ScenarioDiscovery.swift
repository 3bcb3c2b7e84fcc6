import AudioPCM
import Foundation
import SpeechReplay

/// Finds scenario files: paths are files or folders; folders are searched recursively for
/// `*.yaml` and `*.yml`, and the files of each folder come out sorted by path.
package enum ScenarioDiscovery {
  /// The file extensions of scenario files.
  package static let extensions: Set<String> = ["yaml", "yml"]

  /// Lists the scenario files under the given paths, in suite order.
  ///
  /// Files named directly are kept as named (whatever their extension); folders contribute their
  /// `*.yaml`/`*.yml` files, sorted. A file reached twice is listed once, at its first place.
  ///
  /// - Parameters:
  ///   - paths: Files or folders as the user typed them; relative paths stay relative.
  ///   - fileManager: The file manager to search with.
  /// - Returns: Scenario file paths.
  /// - Throws: ``OrchestrationError`` naming a path that does not exist, or a folder without scenarios.
  package static func files(
    in paths: [String], fileManager: FileManager = .default
  ) throws(OrchestrationError) -> [String] {
    var found: [String] = []
    var seen: Set<String> = []
    for path in paths {
      var isFolder: ObjCBool = false
      guard fileManager.fileExists(atPath: path, isDirectory: &isFolder) else {
        // A loop of links or a dangling link exists as a name: say which, not just "no such file".
        let problem = FileProblem.reading(path).flatMap { $0 == "no such file" ? nil : $0 } ?? "no such file or folder"
        throw OrchestrationError(
          .missingScenarios, "\(path): \(problem); give a scenario file (.yaml) or a folder of them")
      }
      let files = isFolder.boolValue ? scenarioFiles(inFolder: path, fileManager: fileManager) : [path]
      if isFolder.boolValue && files.isEmpty {
        throw OrchestrationError(
          .missingScenarios, "\(path): no scenario files (*.yaml, *.yml) in this folder or below it; check the path")
      }
      for file in files where seen.insert(canonical(file)).inserted { found.append(file) }
    }
    return found
  }

  /// The key a file is sharded by: its path relative to the working directory, with `./` and
  /// `..` resolved, so `Scenarios/a.yaml`, `./Scenarios/a.yaml` and its absolute path agree.
  ///
  /// - Parameters:
  ///   - file: The path as found.
  ///   - workingDirectory: The working directory (absolute).
  /// - Returns: The relative path, or the standardized absolute path for a file outside the working directory.
  package static func shardKey(
    for file: String, workingDirectory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    let absolute = absolutePath(file, workingDirectory: workingDirectory)
    let base = absolutePath(workingDirectory, workingDirectory: "/")
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
  }

  private static func scenarioFiles(inFolder folder: String, fileManager: FileManager) -> [String] {
    guard let enumerator = fileManager.enumerator(atPath: folder) else { return [] }
    var files: [String] = []
    while let relative = enumerator.nextObject() as? String {
      guard extensions.contains((relative as NSString).pathExtension.lowercased()) else { continue }
      let path = folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
      var isFolder: ObjCBool = false
      if fileManager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue { files.append(path) }
    }
    // Sorted by path so the suite order does not depend on the file system's listing order.
    return files.sorted()
  }

  private static func canonical(_ path: String) -> String {
    absolutePath(path, workingDirectory: FileManager.default.currentDirectoryPath)
  }

  private static func absolutePath(_ path: String, workingDirectory: String) -> String {
    let joined = path.hasPrefix("/") ? path : workingDirectory + "/" + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }
}
