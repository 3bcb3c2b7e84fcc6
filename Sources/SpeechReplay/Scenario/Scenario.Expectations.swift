extension Scenario {
  /// What must hold: the UI state at the end and at named snapshots, the diagnostics, the trap, and
  /// each check family's part. Compared and hashed member by member (synthesized).
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
    package var snapshots: [NamedStateExpectation]
    /// The diagnostics check.
    package var diagnostics: Diagnostics
    /// Where `diagnostics: none` is written, for its failure.
    package var diagnosticsLocation: SourceLocation?
    /// Each registered family's own part (budgets, leaks, metrics, golden files, invariants, audio…),
    /// read and written through the property its folder declares on this type.
    package var families = FamilyParts()
    /// `expect.tolerances`: this scenario's own tolerances for `compare` (figure or pattern →
    /// tolerance as written), validated when the file is read and carried on its results.
    package var tolerances: [String: String] = [:]
    /// The trap the scenario guards against (`trap:`), named in the failures of the checks it is about; nil when unnamed.
    package var trap: ScenarioTrap? = nil

    /// Creates expectations; by default nothing is checked.
    package init(
      final: StateExpectation? = nil, snapshots: [NamedStateExpectation] = [],
      diagnostics: Diagnostics = .unchecked, diagnosticsLocation: SourceLocation? = nil
    ) {
      self.final = final
      self.snapshots = snapshots
      self.diagnostics = diagnostics
      self.diagnosticsLocation = diagnosticsLocation
    }
  }
}
