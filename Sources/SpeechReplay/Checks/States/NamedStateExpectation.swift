/// The UI state expected at one named snapshot (`expect.snapshots`).
package struct NamedStateExpectation: Sendable, Hashable {
  /// The snapshot's name, as a `snapshot:` step records it.
  package var name: String
  /// The state expected there.
  package var expectation: StateExpectation

  /// Creates a named expectation.
  package init(name: String, expectation: StateExpectation) {
    self.name = name
    self.expectation = expectation
  }
}
