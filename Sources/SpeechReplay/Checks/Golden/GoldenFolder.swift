import Foundation

/// Where a scenario's golden snapshot files live: `__Snapshots__/<file name without extension>/`
/// beside the scenario file, one `<name>.txt` per snapshot (`final.txt` for the final state).
package struct GoldenFolder: Sendable, Hashable {
  /// The name of the folder that holds every scenario's golden files.
  package static let snapshotsFolderName = "__Snapshots__"
  /// The extension of golden files.
  package static let fileExtension = "txt"

  /// The folder's path, relative when the scenario's path is.
  package var path: String
  /// The scenario file's name without extension (the folder's last component).
  package var scenarioStem: String
  /// The scenario file, as the user named it.
  package var scenarioFile: String

  /// The golden folder of a scenario file.
  /// - Parameters:
  ///   - scenarioFile: The scenario's path, as the user named it.
  ///   - variant: A subfolder for a subject whose UI differs from the one the scenario's own
  ///     golden files show (nil for those files).
  package init(scenarioFile: String, variant: String? = nil) {
    self.scenarioFile = scenarioFile
    let folder = (scenarioFile as NSString).deletingLastPathComponent
    scenarioStem = ((scenarioFile as NSString).lastPathComponent as NSString).deletingPathExtension
    path = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(
      Self.snapshotsFolderName + "/" + scenarioStem + (variant.map { "/" + $0 } ?? ""))
  }

  /// A folder name for a subject's own golden files: its name with anything but letters, digits,
  /// `-`, `_` and `.` replaced by `-` (never empty, never a dot folder).
  package static func variantName(for subjectName: String) -> String {
    let safe = String(subjectName.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "-" })
    let trimmed = safe.drop { $0 == "." }
    return trimmed.isEmpty ? "subject" : String(trimmed)
  }

  /// The golden file of a snapshot.
  /// - Parameter name: The snapshot's name (`final` for the final state).
  /// - Returns: `…/__Snapshots__/<stem>/<name>.txt`.
  package func file(for name: String) -> String {
    (path as NSString).appendingPathComponent("\(name).\(Self.fileExtension)")
  }

  /// The snapshot names of the golden files present (not in variant subfolders), sorted; empty
  /// when the folder does not exist.
  package func storedNames() -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return files.filter { $0.hasSuffix("." + Self.fileExtension) && !$0.hasPrefix(".") }.map {
      String($0.dropLast(Self.fileExtension.count + 1))
    }.sorted()
  }
}
