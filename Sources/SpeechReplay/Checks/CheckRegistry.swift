/// Every family of checks, in the order their failures are reported: the run's own figures, then
/// what the user saw, then timing, leaks, golden files, invariants, the end state and the audio.
///
/// The one place a family is registered: its keys are read, its preparation applied and its checks
/// run because it is listed here (`CheckRegistryTests` fails for a family folder that is not).
enum CheckRegistry {
  /// The registered families.
  static let families: [any CheckFamily.Type] = [
    RunFamily.self,
    StateFamily.self,
    DiagnosticsFamily.self,
    DivergenceFamily.self,
    DismissalFamily.self,
    BudgetFamily.self,
    MetricFamily.self,
    LeakFamily.self,
    GoldenFamily.self,
    InvariantFamily.self,
    EndStateFamily.self,
    InputQueueFamily.self,
    AudioFamily.self,
  ]

  /// Every key the registered families read under `expect:`, in registry order.
  static var expectKeys: [ScenarioKey] { families.flatMap { $0.expectKeys } }
}
