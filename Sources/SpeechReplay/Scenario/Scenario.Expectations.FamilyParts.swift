extension Scenario.Expectations {
  /// The parts of the expectations that belong to check families, by family. A family declares its
  /// part as a property of ``Scenario/Expectations`` in its own folder:
  ///
  /// ```swift
  /// extension Scenario.Expectations {
  ///   package var metrics: MetricLimits {
  ///     get { families[.metric, default: MetricLimits()] }
  ///     set { families[.metric, default: MetricLimits()] = newValue }
  ///   }
  /// }
  /// ```
  ///
  /// A part equal to its default is not stored, so two expectations that mean the same compare equal
  /// however they were built.
  package struct FamilyParts: Hashable, @unchecked Sendable {
    // @unchecked: only `Sendable` values are stored (the subscript's constraint).
    private var parts: [CheckID.Family: AnyHashable] = [:]

    /// Creates empty parts: every family at its default.
    package init() {}

    /// A family's part, or `defaultValue` when it holds none.
    package subscript<Part: Hashable & Sendable>(family: CheckID.Family, default defaultValue: @autoclosure () -> Part)
      -> Part
    {
      get { parts[family]?.base as? Part ?? defaultValue() }
      set { parts[family] = newValue == defaultValue() ? nil : AnyHashable(newValue) }
    }
  }
}
