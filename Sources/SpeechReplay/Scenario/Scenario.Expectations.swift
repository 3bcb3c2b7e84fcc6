extension Scenario {
  /// What must hold: the UI state at the end and at named snapshots, and the diagnostics.
  package struct Expectations: Sendable, Hashable {
    /// What the device's diagnostics must contain.
    package enum Diagnostics: Sendable, Hashable {
      /// Anything goes.
      case unchecked
      /// No warning (notes, which are harmless, are allowed).
      case none
      /// Each text must appear in some diagnostic (subject or message).
      case containing([String], at: SourceLocation)
      /// Every warning must contain one of the texts (known, accepted ones); any other warning fails.
      case allowing([String], at: SourceLocation)
    }

    /// The UI state after the last step, when checked.
    package var final: StateExpectation?
    /// The UI state at each named snapshot, in file order.
    package var snapshots: [(name: String, expectation: StateExpectation)]
    /// The diagnostics check.
    package var diagnostics: Diagnostics
    /// Where `diagnostics: none` is written, for its failure.
    package var diagnosticsLocation: SourceLocation?
    /// Timing budgets in virtual time (`budgets:`).
    package var budgets = Budgets()
    /// The leak check of the longest `cycle:` step (`leaks:`; defaults when absent).
    package var leaks = Leaks()
    /// Bounds on the streaming metrics (`metrics:`).
    package var metrics = MetricLimits()
    /// `expect.tolerances`: this scenario's own tolerances for `compare` (figure or pattern →
    /// tolerance as written), validated when the file is read and carried on its results.
    package var tolerances: [String: String] = [:]
    /// The UI states compared with golden files (`golden: all` or a list of names), if any.
    package var golden: GoldenSnapshots? = nil
    /// Audio conservation (`audio:`): on by default, with the loss the stack may declare.
    package var audio = AudioExpectation()
    /// Which invariants are expected to break or are switched off.
    package var invariants: InvariantSettings = InvariantSettings()
    /// The trap the scenario guards against (`trap:`), named in the failures of the checks it is about; nil when unnamed.
    package var trap: ScenarioTrap? = nil

    /// Creates expectations; by default nothing is checked.
    package init(
      final: StateExpectation? = nil, snapshots: [(name: String, expectation: StateExpectation)] = [],
      diagnostics: Diagnostics = .unchecked, diagnosticsLocation: SourceLocation? = nil
    ) {
      self.final = final
      self.snapshots = snapshots
      self.diagnostics = diagnostics
      self.diagnosticsLocation = diagnosticsLocation
    }

    /// Equal when every expectation, name and location is equal (snapshots in order).
    package static func == (lhs: Expectations, rhs: Expectations) -> Bool {
      lhs.final == rhs.final && lhs.diagnostics == rhs.diagnostics && lhs.diagnosticsLocation == rhs.diagnosticsLocation
        && lhs.budgets == rhs.budgets && lhs.leaks == rhs.leaks && lhs.metrics == rhs.metrics
        && lhs.golden == rhs.golden && lhs.invariants == rhs.invariants && lhs.trap == rhs.trap
        && lhs.audio == rhs.audio
        && lhs.snapshots.map(\.name) == rhs.snapshots.map(\.name)
        && lhs.snapshots.map(\.expectation) == rhs.snapshots.map(\.expectation)
    }

    /// Hashes the final and snapshot expectations.
    package func hash(into hasher: inout Hasher) {
      hasher.combine(final)
      hasher.combine(snapshots.map(\.name))
      hasher.combine(snapshots.map(\.expectation))
    }
  }
}
