import Foundation
import Simulation
import SpeechReplay

/// One part of a suite split `COUNT` ways, so parallel CI jobs each run one part and together run
/// every scenario exactly once.
///
/// A file belongs to shard `hash(path) mod COUNT` (0-based), where the hash is FNV-1a over the path
/// relative to the working directory: stable across machines, runs and the order files are found in.
package struct Shard: Sendable, Hashable, CustomStringConvertible {
  /// 1-based index of this shard.
  package let index: Int
  /// How many shards the suite is split into.
  package let count: Int

  /// Creates a shard.
  ///
  /// - Parameters:
  ///   - index: 1-based index, from 1 through `count`.
  ///   - count: Number of shards, at least 1.
  /// - Throws: ``OrchestrationError`` when the index is out of range or the count is below 1.
  package init(index: Int, count: Int) throws(OrchestrationError) {
    guard count >= 1 else {
      throw OrchestrationError(
        .badArgument, "--shard: the count must be at least 1 (got \(count)); write INDEX/COUNT, for example 1/3")
    }
    guard (1...count).contains(index) else {
      throw OrchestrationError(
        .badArgument,
        "--shard: the index must be between 1 and \(count) (got \(index)); shards are numbered from 1, for example 1/\(count)"
      )
    }
    self.index = index
    self.count = count
  }

  /// Parses `INDEX/COUNT`, for example `2/4`.
  ///
  /// - Parameter text: The argument as typed.
  /// - Throws: ``OrchestrationError`` naming the argument and the expected form.
  package init(parsing text: String) throws(OrchestrationError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0].trimmingCharacters(in: .whitespaces)),
      let count = Int(parts[1].trimmingCharacters(in: .whitespaces))
    else {
      throw OrchestrationError(
        .badArgument,
        "--shard '\(text)' is not INDEX/COUNT; write for example --shard 1/3 for the first of three shards")
    }
    try self.init(index: index, count: count)
  }

  /// Whether the file with this key belongs to this shard.
  ///
  /// - Parameter key: The file's path relative to the working directory (see ``ScenarioDiscovery/shardKey(for:workingDirectory:)``).
  /// - Returns: `true` when the file is in this shard.
  package func contains(key: String) -> Bool {
    Self.shardIndex(of: key, count: count) == index
  }

  /// The 1-based shard a key falls into when the suite is split `count` ways.
  ///
  /// - Parameters:
  ///   - key: The file's path relative to the working directory.
  ///   - count: The number of shards, at least 1.
  /// - Returns: A shard index from 1 through `count`.
  package static func shardIndex(of key: String, count: Int) -> Int {
    var hash = StableHash()
    hash.combine(key)
    return Int(hash.value % UInt64(max(count, 1))) + 1
  }

  /// `INDEX/COUNT`.
  package var description: String { "\(index)/\(count)" }
}
