internal import Synchronization

/// Live counts of resources by kind, with snapshots and diffs for leak-cycle checks.
///
/// Each simulation has its own ledger (`Simulation.current?.ledger`); snapshots also include the
/// process-wide live-object counts of `LiveObjectTracker` and the process's heap and RSS.
public final class ResourceLedger: Sendable {
  private struct State {
    var nextID = 0
    var counts: [ResourceKind: Int] = [:]
    var open: [Int: (kind: ResourceKind, label: String)] = [:]
  }

  private let state = Mutex(State())
  private let trace: EventTrace?

  /// Creates an empty ledger.
  /// - Parameter trace: Where acquisitions and releases are recorded, or nil for nowhere.
  public init(trace: EventTrace? = nil) {
    self.trace = trace
  }

  /// Counts one resource of `kind` as live until the returned lease is released.
  /// - Parameters:
  ///   - kind: The kind of resource, such as `.installedTaps`.
  ///   - label: What this one is, for reports (such as "bus 0 tap").
  /// - Returns: The lease to release when the resource goes away.
  public func acquire(_ kind: ResourceKind, label: String = "") -> LedgerLease {
    let id = state.withLock { state in
      state.nextID += 1
      state.counts[kind, default: 0] += 1
      state.open[state.nextID] = (kind, label)
      return state.nextID
    }
    trace?.record(ResourceAcquiredEvent(resource: kind, label: label))
    return LedgerLease(kind: kind, label: label, id: id, ledger: self)
  }

  func didRelease(_ lease: LedgerLease) {
    state.withLock { state in
      state.counts[lease.kind, default: 0] -= 1
      state.open[lease.id] = nil
    }
    trace?.record(ResourceReleasedEvent(resource: lease.kind, label: lease.label))
  }

  /// How many resources of `kind` are live.
  /// - Parameter kind: The kind of resource.
  /// - Returns: The live count.
  public func count(of kind: ResourceKind) -> Int {
    state.withLock { $0.counts[kind] ?? 0 }
  }

  /// Resources still open, as "kind: label", in acquisition order.
  public var openResources: [String] {
    state.withLock { state in
      state.open.sorted { $0.key < $1.key }.map { "\($0.value.kind): \($0.value.label)" }
    }
  }

  /// The ledger's counts now, with live objects, heap in use and resident memory.
  /// - Returns: A value snapshot.
  public func snapshot() -> LedgerSnapshot {
    let resources = state.withLock { state in
      Dictionary(uniqueKeysWithValues: state.counts.map { ($0.key.rawValue, $0.value) })
    }
    return LedgerSnapshot(
      resources: resources, objects: LiveObjectTracker.liveCounts(),
      heapInUse: Platform.heapInUse, residentBytes: Platform.residentBytes)
  }

  /// What grew from `before` to `after`.
  /// - Parameters:
  ///   - before: The earlier snapshot.
  ///   - after: The later snapshot.
  /// - Returns: Non-zero changes per resource kind and object type, and memory growth.
  public func diff(_ before: LedgerSnapshot, _ after: LedgerSnapshot) -> LedgerDiff {
    LedgerSnapshot.diff(before, after)
  }
}
