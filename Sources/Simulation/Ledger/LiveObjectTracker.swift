internal import Synchronization

/// Counts live instances of a class: store one as a property, and the count drops when the owner
/// is deallocated.
///
/// ```swift
/// final class AnalyzerSession {
///   private let tracker = LiveObjectTracker(AnalyzerSession.self)
/// }
/// ```
/// Counts are kept process-wide and, for objects created on a simulation's thread, per simulation
/// (``Simulation/objectScope``), so a check inside one run is not disturbed by objects that other
/// code in the same process (tests running in parallel) creates at the same time. Keyed by the
/// type's full name, such as `SpeechTwin.AnalyzerSession`. Creating a tracker takes a lock once;
/// freeing it is one or two atomics.
public final class LiveObjectTracker: Sendable {
  private final class Counter: Sendable {
    let live = Atomic<Int>(0)
  }

  private struct ScopedKey: Hashable {
    let type: ObjectIdentifier
    let scope: UInt64
  }

  // ThreadLock, not Synchronization.Mutex: tests create trackers from many threads at once, and
  // ThreadSanitizer cannot see Mutex's futex waits, so it reported the contended registry as raced.
  private static let registry = ThreadLock<[ObjectIdentifier: (name: String, counter: Counter)]>([:])
  private static let scopedRegistry = ThreadLock<[ScopedKey: (name: String, counter: Counter)]>([:])
  private let counter: Counter
  private let scopedCounter: Counter?

  /// Counts one more live instance of `type` until this tracker is deallocated.
  /// - Parameter type: The owning class.
  public init<Owner>(_ type: Owner.Type) {
    // `_typeName` gives what `String(reflecting:)` prints for a type, without first asking the
    // runtime whether the metatype conforms to three printing protocols: each such first question
    // scans every conformance record of the process, a measurable part of a short run's start.
    let counter = Self.registry.withLock { registry in
      if let entry = registry[ObjectIdentifier(type)] { return entry.counter }
      let counter = Counter()
      registry[ObjectIdentifier(type)] = (_typeName(type, qualified: true), counter)
      return counter
    }
    counter.live.add(1, ordering: .relaxed)
    self.counter = counter
    if let scope = Simulation.current?.objectScope {
      let key = ScopedKey(type: ObjectIdentifier(type), scope: scope)
      let scoped = Self.scopedRegistry.withLock { registry in
        if let entry = registry[key] { return entry.counter }
        let counter = Counter()
        registry[key] = (_typeName(type, qualified: true), counter)
        return counter
      }
      scoped.live.add(1, ordering: .relaxed)
      self.scopedCounter = scoped
    } else {
      self.scopedCounter = nil
    }
  }

  deinit {
    counter.live.subtract(1, ordering: .relaxed)
    scopedCounter?.live.subtract(1, ordering: .relaxed)
  }

  /// Live instances, by type name, of the tracked objects created on one simulation's thread.
  /// - Parameter scope: The simulation's ``Simulation/objectScope``.
  /// - Returns: Counts by full type name; types with no live instance are left out.
  public static func liveCounts(createdIn scope: UInt64) -> [String: Int] {
    scopedRegistry.withLock { registry in
      var counts: [String: Int] = [:]
      for (key, entry) in registry where key.scope == scope {
        let live = entry.counter.live.load(ordering: .relaxed)
        if live != 0 { counts[entry.name] = live }
      }
      return counts
    }
  }

  /// Live instances of every tracked type that has any, by type name.
  /// - Returns: Counts by full type name; types with no live instance are left out.
  public static func liveCounts() -> [String: Int] {
    registry.withLock { registry in
      var counts: [String: Int] = [:]
      for entry in registry.values {
        let live = entry.counter.live.load(ordering: .relaxed)
        if live != 0 { counts[entry.name] = live }
      }
      return counts
    }
  }

  /// Live instances of `type`.
  /// - Parameter type: A tracked class.
  /// - Returns: Its live count (0 when never tracked).
  public static func liveCount<Owner>(of type: Owner.Type) -> Int {
    registry.withLock { $0[ObjectIdentifier(type)]?.counter.live.load(ordering: .relaxed) ?? 0 }
  }
}
