import ArgumentParser
import AudioPCM
import Foundation

/// Checks, before a command starts its work, that the files it reads exist and the files it will
/// write can be written: a run that takes ten minutes must not find at its end that `--junit` names
/// a missing folder. Both are usage errors (exit status 64).
enum PathCheck {
  /// Throws when `path` is not a readable file: missing, a folder, a loop of symbolic links, no permission.
  ///
  /// - Parameters:
  ///   - path: The file to be read.
  ///   - what: What it is, for the message (`the scenario`, `--from`).
  /// - Throws: `ValidationError` such as `missing.yaml: no such file; check the path`.
  static func checkReadable(_ path: String, what: String? = nil) throws {
    guard let problem = FileProblem.reading(path) else { return }
    throw ValidationError("\(what.map { "\($0) " } ?? "")\(path): \(problem); check the path")
  }

  /// Throws when `path` is a folder, or a file cannot be created beside it (missing or read-only folder).
  ///
  /// The check creates the temporary file the write would use and removes it again, so it asks the
  /// file system itself rather than guessing from permission bits (which say nothing for root).
  ///
  /// - Parameters:
  ///   - path: The file to be written.
  ///   - option: The option that named it, for the message (`--junit`).
  /// - Throws: `ValidationError` naming the option and the path.
  static func checkWritable(_ path: String, option: String) throws {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw ValidationError("\(option) \(path) is a folder; name a file")
    }
    do {
      try FileReplacement(replacing: path).discard()
    } catch let error as AudioFileError {
      throw ValidationError("\(option) \(path) cannot be written: \(error.message)")
    }
  }
}
