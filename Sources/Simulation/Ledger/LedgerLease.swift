internal import Synchronization

/// Proof that one resource was acquired in a ledger; release it exactly once.
///
/// A lease that is never released stays counted: that is how leaks show up. It is not released
/// by `deinit`, on purpose.
public final class LedgerLease: Sendable {
  /// The kind of resource.
  public let kind: ResourceKind
  /// The label given at acquisition, such as "session 3".
  public let label: String
  let id: Int
  private weak let ledger: ResourceLedger?
  private let released = Atomic<Bool>(false)

  init(kind: ResourceKind, label: String, id: Int, ledger: ResourceLedger) {
    self.kind = kind
    self.label = label
    self.id = id
    self.ledger = ledger
  }

  /// Whether `release()` was called.
  public var isReleased: Bool { released.load(ordering: .acquiring) }

  /// Gives the resource back to the ledger.
  /// - Throws: `LedgerError` when the lease was already released (a double release).
  public func release() throws(LedgerError) {
    guard !released.exchange(true, ordering: .acquiringAndReleasing) else {
      throw LedgerError(
        kind: kind, label: label,
        message: "The resource '\(kind)' labelled '\(label)' was released twice. Release each lease once: "
          + "keep the lease in the owner and clear it (set it to nil) when releasing.")
    }
    ledger?.didRelease(self)
  }
}
