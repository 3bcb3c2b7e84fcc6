import AudioPCM
import Foundation
import Synchronization

/// What loading a scenario needs of its audio file (the length and the file's warnings), kept per
/// file for the life of the process.
///
/// `explore` parses every perturbed candidate to check that it loads, and a reused worker parses
/// each run it is sent: the same few audio files over and over. Opening one with libsndfile
/// cost more than the rest of a small scenario's parsing; a `stat` decides whether the summary
/// still holds (same device, inode, size and modification time), so a file rewritten in place is
/// read again.
enum AudioFileSummaries {
  /// A file's length and warnings.
  struct Summary {
    var seconds: Double
    var warnings: [String]
  }

  /// Identifies the file's contents as `stat` sees them.
  private struct Identity: Hashable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
  }

  private static let cache = Mutex<[String: (Identity, Summary)]>([:])

  /// The summary of the audio file at `path`, read with ``AudioFile`` unless a current one is kept.
  /// - Throws: What `AudioFile(forReading:)` throws.
  static func summary(ofFileAt path: String) throws -> Summary {
    let identity = Self.identity(of: path)
    if let identity, let (kept, summary) = cache.withLock({ $0[path] }), kept == identity { return summary }
    let file = try AudioFile(forReading: path)
    let summary = Summary(
      seconds: Double(file.frameCount) / file.fileFormat.sampleRate, warnings: file.warnings.map { "\($0)" })
    if let identity { cache.withLock { $0[path] = (identity, summary) } }
    return summary
  }

  private static func identity(of path: String) -> Identity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    return Identity(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modifiedSeconds: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec))
  }
}
