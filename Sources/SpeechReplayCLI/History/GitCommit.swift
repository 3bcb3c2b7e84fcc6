import Foundation
import SpeechReplay

/// Reads the commit a git checkout is on from `.git/HEAD` and its refs, without running git.
///
/// Reading the files ourselves keeps recording a run free of a subprocess and of a `git` binary
/// that may be missing; a worktree's `.git` file and packed refs are followed too.
package enum GitCommit {
  /// The commit of the checkout at or above `directory`.
  ///
  /// - Parameter directory: Where to start looking for `.git` (the current directory by default).
  /// - Returns: The 40-hex-digit commit, or `nil` when there is no checkout or it cannot be read.
  package static func current(in directory: String = FileManager.default.currentDirectoryPath) -> String? {
    var folder = URL(fileURLWithPath: directory).standardizedFileURL
    for _ in 0..<64 {
      let dotGit = folder.appendingPathComponent(".git")
      if let gitDirectory = gitDirectory(at: dotGit) { return commit(in: gitDirectory) }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { return nil }
      folder = parent
    }
    return nil
  }

  /// The git directory `.git` stands for: the folder itself, or the one a worktree's `.git` file names.
  static func gitDirectory(at dotGit: URL) -> URL? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
    if isFolder.boolValue { return dotGit }
    guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") else { return nil }
    let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
    return URL(fileURLWithPath: path, relativeTo: dotGit.deletingLastPathComponent()).standardizedFileURL
  }

  /// Resolves HEAD in a git directory.
  static func commit(in gitDirectory: URL) -> String? {
    guard
      let head = try? String(contentsOf: gitDirectory.appendingPathComponent("HEAD"), encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    else { return nil }
    guard head.hasPrefix("ref:") else { return isCommit(head) ? head : nil }
    let ref = head.dropFirst("ref:".count).trimmingCharacters(in: .whitespaces)
    // A worktree keeps HEAD in its own folder but refs in the common one.
    var folders = [gitDirectory]
    if let common = try? String(contentsOf: gitDirectory.appendingPathComponent("commondir"), encoding: .utf8) {
      folders.append(
        URL(fileURLWithPath: common.trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: gitDirectory)
          .standardizedFileURL)
    }
    for folder in folders {
      if let loose = try? String(contentsOf: folder.appendingPathComponent(ref), encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines), isCommit(loose)
      {
        return loose
      }
      if let packed = try? String(contentsOf: folder.appendingPathComponent("packed-refs"), encoding: .utf8) {
        for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
          let commit = String(line.prefix(while: { $0 != " " }))
          if isCommit(commit) { return commit }
        }
      }
    }
    return nil
  }

  static func isCommit(_ text: String) -> Bool {
    text.count >= 40 && text.allSatisfy(\.isHexDigit)
  }
}
