import Simulation

/// Shark-style growth analysis of ledger snapshots taken after each pass of a cycle: what grows
/// in every window of passes, and by how much per pass.
///
/// The first snapshot (after pass 1) is the baseline, so one-time growth of the first pass
/// (caches, lazily made singletons) is not counted. Window boundaries are every `window` passes
/// from there; a count that is larger at each boundary than at the one before grows in every
/// window, which is what an unbounded leak does and a one-time allocation does not.
///
/// ```swift
/// let analysis = LeakAnalysis(snapshots, window: 5)
/// analysis?.leaks   // [SpeechTwin.SpeechAnalyzer: +1 per cycle]
/// ```
package struct LeakAnalysis: Sendable, Hashable {
  /// One counted thing that grows in every window.
  package struct Growth: Sendable, Hashable, CustomStringConvertible {
    /// What kind of count it is.
    package enum Kind: String, Sendable, Hashable {
      /// A resource kind of the ledger (`open analyzer sessions`, `tasks`, …).
      case resource
      /// Live instances of a tracked type.
      case object
    }

    /// The resource kind or the type's full name.
    package var name: String
    /// Resource or object.
    package var kind: Kind
    /// Growth per pass from the first boundary to the last.
    package var perCycle: Double
    /// The count at the first and at the last boundary.
    package var first: Int, last: Int

    /// `live SpeechTwin.SpeechAnalyzer grew from 1 to 10 (+1 per cycle)`.
    package var description: String {
      let what = kind == .object ? "live \(name) objects" : "ledger resource '\(name)'"
      return "\(what) grew from \(first) to \(last) (+\(LeakAnalysis.text(perCycle)) per cycle)"
    }
  }

  /// Passes per window.
  package var window: Int
  /// Windows compared.
  package var windows: Int
  /// Counts that grow in every window, largest growth per pass first.
  package var leaks: [Growth]
  /// Heap growth per pass from the first boundary to the last, in bytes (noisy: process-wide).
  package var heapBytesPerCycle: Double
  /// Whether the heap grew in every window.
  package var heapGrowsInEveryWindow: Bool

  /// Analyzes snapshots taken after passes 1, 2, 3, …
  /// - Parameters:
  ///   - snapshots: One snapshot after each pass, in order.
  ///   - window: Passes per window (at least 1).
  /// - Returns: The analysis, or nil when the snapshots span fewer than two windows.
  package init?(_ snapshots: [LedgerSnapshot], window: Int) {
    let window = max(1, window)
    let boundaries = Array(stride(from: 0, to: snapshots.count, by: window))
    guard boundaries.count >= 3 else { return nil }
    self.window = window
    windows = boundaries.count - 1
    let passes = Double(boundaries[boundaries.count - 1] - boundaries[0])

    func growth(_ name: String, _ kind: Growth.Kind, _ values: [Int]) -> Growth? {
      guard zip(values, values.dropFirst()).allSatisfy({ $1 > $0 }) else { return nil }
      return Growth(
        name: name, kind: kind, perCycle: Double(values[values.count - 1] - values[0]) / passes, first: values[0],
        last: values[values.count - 1])
    }
    let at = boundaries.map { snapshots[$0] }
    var leaks: [Growth] = []
    for name in Set(at.flatMap(\.resources.keys)).sorted() {
      if let found = growth(name, .resource, at.map { $0.resources[name] ?? 0 }) { leaks.append(found) }
    }
    for name in Set(at.flatMap(\.objects.keys)).sorted() {
      if let found = growth(name, .object, at.map { $0.objects[name] ?? 0 }) { leaks.append(found) }
    }
    self.leaks = leaks.sorted { $0.perCycle > $1.perCycle || ($0.perCycle == $1.perCycle && $0.name < $1.name) }
    let heap = at.map(\.heapInUse)
    heapBytesPerCycle = Double(heap[heap.count - 1] - heap[0]) / passes
    heapGrowsInEveryWindow = zip(heap, heap.dropFirst()).allSatisfy { $1 > $0 }
  }

  /// A per-cycle figure without needless decimals: `1`, `0.5`, `2.33`.
  static func text(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
