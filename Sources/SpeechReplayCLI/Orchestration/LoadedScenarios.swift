import Foundation
import SpeechReplay
import Synchronization

/// The scenario files this process loaded, by path: the plan names each scenario from it, and the
/// HTML pages and Perfetto traces read the same value, so a `run` parses each file once. A file
/// changed since (another size or modification date) is loaded again.
package enum LoadedScenarios {
  /// A version of a file: its size and modification date (nil when it cannot be read).
  private struct Stamp: Hashable, Sendable {
    var size: Int?
    var modified: Date?
  }

  private struct Entry: Sendable {
    var stamp: Stamp
    var result: Result<Scenario, ScenarioError>
  }

  private static let entries = Mutex<[String: Entry]>([:])

  /// The scenario at `path`, parsed once per version of the file.
  /// - Parameter path: The scenario file.
  /// - Returns: The scenario.
  /// - Throws: ``ScenarioError`` as ``Scenario/load(fileAt:limits:)`` does (kept, like a value).
  package static func load(fileAt path: String) throws(ScenarioError) -> Scenario {
    let stamp = Self.stamp(of: path)
    if let entry = entries.withLock({ $0[path] }), entry.stamp == stamp { return try entry.result.get() }
    let result: Result<Scenario, ScenarioError>
    do throws(ScenarioError) {
      result = .success(try Scenario.load(fileAt: path))
    } catch {
      result = .failure(error)
    }
    entries.withLock { $0[path] = Entry(stamp: stamp, result: result) }
    return try result.get()
  }

  /// Records that loading `path` ran past `limit` (`run --timeout`) and was not waited for: until
  /// that load ends, ``load(fileAt:)`` of the file throws at once, saying it took too long, so no
  /// later reader (reports, the history) waits for it either.
  /// - Parameters:
  ///   - path: The scenario file.
  ///   - limit: The time limit it ran past.
  package static func abandon(fileAt path: String, after limit: Duration) {
    let stamp = Self.stamp(of: path)
    let error = ScenarioError(
      "loading this file took longer than \(String(format: "%g", limit.seconds)) s (--timeout), so it was not run: "
        + "what it names or generates is too large to replay in that time; make it smaller or raise --timeout",
      at: SourceLocation(file: path, line: 1, column: 1))
    entries.withLock { entries in
      // Unless the load ended meanwhile.
      if entries[path]?.stamp != stamp { entries[path] = Entry(stamp: stamp, result: .failure(error)) }
    }
  }

  private static func stamp(of path: String) -> Stamp {
    let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
    return Stamp(size: attributes[.size] as? Int, modified: attributes[.modificationDate] as? Date)
  }
}
