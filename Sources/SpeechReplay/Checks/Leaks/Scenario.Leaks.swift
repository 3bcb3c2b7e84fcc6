extension Scenario {
  /// The leak check of a `cycle:` step (`expect.leaks`): what the ledger, the live-object counts
  /// and the heap may do across windows of cycles.
  ///
  /// After every pass the runner takes a ledger snapshot. Windows of `window` passes are compared
  /// Shark-style: a count that grows in every window grows without bound, so it is a leak; a
  /// count that grows once and then stays (a cache, a lazily made object) is not.
  package struct Leaks: Sendable, Hashable {
    /// Passes per window (5 by default).
    package var window: Int
    /// The most the heap may grow per pass, on average, when it grows in every window; nil leaves
    /// the heap unchecked (it is still reported).
    package var heapBytesPerCycle: Int?
    /// Whether the check was asked for by `expect.leaks` (else it runs with defaults when there
    /// are enough passes, and a check that cannot run is not a failure).
    package var isExplicit: Bool
    /// Where `expect.leaks` is written, for failures.
    package var location: SourceLocation?

    /// The heap growth per pass allowed when `expect.leaks` gives none: generous, because the
    /// run's own event trace grows with every pass and the heap is shared with the process.
    package static let defaultHeapBytesPerCycle = 1 << 20

    /// Creates a leak check.
    /// - Parameters:
    ///   - window: Passes per window.
    ///   - heapBytesPerCycle: The most the heap may grow per pass, or nil to leave it unchecked.
    ///   - isExplicit: Whether the scenario asked for the check.
    ///   - location: Where the check is written.
    package init(
      window: Int = 5, heapBytesPerCycle: Int? = nil, isExplicit: Bool = false, at location: SourceLocation? = nil
    ) {
      self.window = window
      self.heapBytesPerCycle = heapBytesPerCycle
      self.isExplicit = isExplicit
      self.location = location
    }
  }
}
