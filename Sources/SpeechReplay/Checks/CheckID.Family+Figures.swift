extension CheckID.Family {
  /// One figure (or a family of figures: `*` stands for one dot-free part) a family reports, with
  /// how it is judged.
  public struct FigureDeclaration: Sendable, Hashable {
    /// The figure's name, or a pattern (`latency.*.p50`).
    public var pattern: String
    /// How it is judged.
    public var rule: FigureRule

    /// Declares a figure.
    ///
    /// - Parameters:
    ///   - pattern: Its name or pattern.
    ///   - worse: Which way is worse.
    ///   - tolerance: How far it may move the worse way.
    ///   - unit: What its value counts (seconds are shown in milliseconds).
    public init(
      _ pattern: String, worse: FigureRule.Worse, tolerance: FigureRule.Tolerance = .exact, unit: Figure.Unit = .count
    ) {
      self.pattern = pattern
      rule = FigureRule(worse: worse, tolerance: tolerance, unit: unit)
    }
  }

  /// The figures this family's check reports, each with which way is worse and its tolerance: the
  /// closed set `compare` and the trend page judge by (``FigureRule/rule(for:)``). A check that adds
  /// a figure declares it here; `FigureRuleTests` fails for a figure a bundled scenario reports
  /// that no family declares.
  public var figureRules: [FigureDeclaration] {
    switch self {
    case .run:
      [
        .init("virtualSeconds", worse: .neither, unit: .seconds), .init("buffers", worse: .neither),
        .init("conversions", worse: .neither), .init("inputs", worse: .neither),
        .init("inputsRejected", worse: .higher), .init("results", worse: .neither),
        .init("uiStates", worse: .neither), .init("traceEvents", worse: .neither),
        // Resources still open at the end of the run.
        .init("ledger.*", worse: .higher),
        // The scenario's wall-clock time, which the history adds to every result (a noise band judges it).
        .init("wallSeconds", worse: .higher, unit: .seconds),
      ]
    case .budget:
      [
        .init("timing.modelCost", worse: .neither, unit: .ratio), .init("latency.*.count", worse: .neither),
        .init("latency.*.p50", worse: .higher, tolerance: .latency, unit: .seconds),
        .init("latency.*.p90", worse: .higher, tolerance: .latency, unit: .seconds),
        .init("latency.*.max", worse: .higher, tolerance: .latency, unit: .seconds),
      ]
    case .leak:
      [
        .init("leak.passes", worse: .neither), .init("leak.window", worse: .neither),
        // Measured on the machine: judged by the noise band, only its direction is used.
        .init("leak.heapBytesPerCycle", worse: .higher, unit: .bytes),
        // Live objects of a type gained per cycle: a tenth of an object per cycle is a leak.
        .init("leak.*.perCycle", worse: .higher, tolerance: FigureRule.Tolerance(absolute: 0.1)),
      ]
    case .diagnostics: [.init("diagnostics", worse: .higher)]
    case .metric:
      StreamingMetrics.Metric.allCases.map {
        .init("metrics.\($0.rawValue)", worse: .higher, tolerance: .metric, unit: .ratio)
      }
    case .golden:
      [
        .init("snapshots.matched", worse: .neither), .init("snapshots.recorded", worse: .neither),
        .init("snapshots.obsolete", worse: .higher),
      ]
    case .inputQueue:
      [
        .init("stack.input.peak", worse: .higher, tolerance: FigureRule.Tolerance(absolute: 1)),
        .init("stack.input.dropped", worse: .higher), .init("stack.input.limit", worse: .neither),
      ]
    case .audio:
      [
        .init("audio.tapSeconds", worse: .neither, unit: .seconds),
        .init("audio.receivedSeconds", worse: .neither, unit: .seconds),
        .init("audio.lostSeconds", worse: .higher, tolerance: .audioSeconds, unit: .seconds),
        .init("audio.repeatedSeconds", worse: .higher, tolerance: .audioSeconds, unit: .seconds),
        .init("audio.garbledSeconds", worse: .higher, tolerance: .audioSeconds, unit: .seconds),
        .init("audio.rejectedSeconds", worse: .higher, tolerance: .audioSeconds, unit: .seconds),
        .init("audio.reportedDropSeconds", worse: .higher, tolerance: .audioSeconds, unit: .seconds),
        .init(
          "audio.worstSignalToNoise", worse: .lower,
          tolerance: FigureRule.Tolerance(absolute: 1, relative: 0.05, floor: 0.5), unit: .decibels),
      ]
    case .scenario, .step, .state, .invariant, .divergence, .dismissal: []
    }
  }
}
