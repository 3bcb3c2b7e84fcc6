extension Scenario {
  /// Timing budgets in virtual time (`expect.budgets`): how long the user may wait for text, for
  /// the model, for stop, and for each pass of a `cycle:` step.
  ///
  /// Values are exact: virtual time does not depend on the machine, so a budget either holds for
  /// every run of a scenario and seed or for none.
  package struct Budgets: Sendable, Hashable {
    /// What a budget measures.
    package enum Measure: String, Sendable, Hashable, CaseIterable {
      /// Speech onset → the first visible volatile text of the utterance.
      case firstVolatile
      /// Speech end → the utterance's final text visible (committed).
      case final
      /// A `start` step → the UI listening (a model download included).
      case modelReady
      /// A `stop` step → the UI idle.
      case stopToIdle
      /// One pass of a `cycle:` step, from its first step to the end of its last.
      case cycle
    }

    /// Which value of a measure's samples a limit applies to.
    package enum Statistic: String, Sendable, Hashable, CaseIterable {
      /// Every sample (every utterance, every start, every pass); a failure names the one over.
      case each
      /// The median (nearest rank).
      case p50
      /// The 90th percentile (nearest rank).
      case p90
      /// The largest sample.
      case max
    }

    /// One budget: a statistic of a measure must not exceed a duration.
    package struct Limit: Sendable, Hashable {
      /// What is measured.
      package var measure: Measure
      /// Which value of the samples is compared.
      package var statistic: Statistic
      /// The most it may be.
      package var limit: Duration
      /// Where the budget is written, for its failure.
      package var location: SourceLocation?

      /// Creates a limit.
      /// - Parameters:
      ///   - measure: What is measured.
      ///   - statistic: Which value of the samples is compared (`.each` by default).
      ///   - limit: The most it may be.
      ///   - location: Where the budget is written.
      package init(
        _ measure: Measure, _ statistic: Statistic = .each, limit: Duration, at location: SourceLocation? = nil
      ) {
        self.measure = measure
        self.statistic = statistic
        self.limit = limit
        self.location = location
      }
    }

    /// The limits, in file order.
    package var limits: [Limit]

    /// Creates budgets; none by default.
    /// - Parameter limits: The limits.
    package init(_ limits: [Limit] = []) { self.limits = limits }
  }
}
