import Simulation

extension SpeechAnalyzer {
  /// How an analyzer runs: the priority of its work and how long models stay loaded.
  public struct Options: Sendable, Equatable {
    /// How long models stay in memory after use.
    public enum ModelRetention: CaseIterable, Sendable, Hashable {
      /// Released when the analyzer is released.
      case whileInUse
      /// Kept a while for a compatible analyzer.
      case lingering
      /// Kept until the process ends (or `SpeechModels.endRetention()`).
      case processLifetime
    }

    /// Priority of most analysis work.
    public let priority: TaskPriority
    /// Model retention.
    public let modelRetention: ModelRetention
    /// Whether the analyzer is left out of the device's count of simultaneous analyzers (27.0).
    public let ignoresResourceLimits: Bool

    /// Creates options.
    public init(priority: TaskPriority, modelRetention: ModelRetention) {
      self.init(priority: priority, modelRetention: modelRetention, ignoresResourceLimits: false)
    }

    /// Creates options, optionally outside the resource limit (27.0).
    public init(priority: TaskPriority, modelRetention: ModelRetention, ignoresResourceLimits: Bool) {
      self.priority = priority
      self.modelRetention = modelRetention
      self.ignoresResourceLimits = ignoresResourceLimits
    }

    /// What an analyzer uses when given no options (a twin decision: medium priority, while in use).
    static let standard = Options(priority: .medium, modelRetention: .whileInUse)
  }
}

/// Control over speech models kept in memory — the twin of Apple's `SpeechModels`.
public enum SpeechModels {
  /// Releases models retained with `.lingering` or `.processLifetime`. The simulated device keeps no
  /// models in memory, so this only records the call.
  public static func endRetention() async {
    Simulation.current?.trace.record(.speechModelsEndRetention)
  }
}
