extension CheckID {
  /// The families of checks a run is judged by. Each has a folder under `Checks/` with its part of
  /// the scenario model, its decoder and its check; `Documentation/Architecture.md` has the table.
  public enum Family: String, Sendable, Hashable, CaseIterable, Codable {
    /// The scenario file could not be loaded or is refused (limits, presets).
    case scenario
    /// The simulation itself: it did not finish, the body threw, work escaped it.
    case run
    /// The steps: a step that could not be performed (a route change that failed, a stop with no screen).
    case step
    /// Expected UI states: `expect.final` and `expect.snapshots`.
    case state
    /// Golden snapshot files (`expect.golden`).
    case golden
    /// The twins' diagnostics (`expect.diagnostics`).
    case diagnostics
    /// The invariants every run keeps (`expect.invariants`).
    case invariant
    /// Timing budgets in virtual time (`expect.budgets`).
    case budget
    /// Streaming metrics and their bounds (`expect.metrics`).
    case metric
    /// Leak cycles (`expect.leaks`).
    case leak
    /// First divergence of a replayed capture from what the device showed (`observed:`).
    case divergence
    /// What `dismiss` steps leave alive.
    case dismissal
    /// The subject's reported input queue (figures only).
    case inputQueue
    /// Audio conservation: what the analyzer received against what the tap delivered (`expect.audio`).
    case audio
  }
}
