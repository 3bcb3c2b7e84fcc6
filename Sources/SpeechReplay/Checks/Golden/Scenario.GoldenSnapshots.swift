extension Scenario {
  /// Which UI states are compared with golden files beside the scenario
  /// (`__Snapshots__/<file name>/<name>.txt`): named snapshots and `final`, the state after the last step.
  ///
  /// Written `expect.golden`: `all` (every snapshot step and the final state) or a list of names.
  ///
  /// ```yaml
  /// steps: [start, { snapshot: after-hello }, stop]
  /// expect:
  ///   golden: [after-hello, final]
  /// ```
  package struct GoldenSnapshots: Sendable, Hashable {
    /// The name of the final state's golden file.
    package static let finalName = "final"

    /// The names compared, in file order; ``finalName`` stands for the state after the last step.
    package var names: [String]
    /// Where the request is written, for failures.
    package var location: SourceLocation

    /// Creates a request.
    /// - Parameters:
    ///   - names: Snapshot names, and ``finalName`` for the final state.
    ///   - location: Where the request is written.
    package init(names: [String], at location: SourceLocation) {
      self.names = names
      self.location = location
    }
  }
}
