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

  private static func stamp(of path: String) -> Stamp {
    let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
    return Stamp(size: attributes[.size] as? Int, modified: attributes[.modificationDate] as? Date)
  }
}
