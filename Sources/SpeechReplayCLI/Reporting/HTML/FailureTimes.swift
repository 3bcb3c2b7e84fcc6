import Simulation
import SpeechReplay

/// Places a scenario's failures on its time axis.
///
/// A failure carries the line of the scenario file it comes from, not a time. A failure located at
/// a step's line is placed where that step began (its `scenario.step` event; the last one, for a step
/// inside a `cycle:`); every other failure (an expectation checked after the run, a budget, an
/// invariant, a crash) is placed at the end of the run, when it was judged.
enum FailureTimes {
  /// The virtual time of each failure, in order.
  ///
  /// - Parameters:
  ///   - failures: The result's failures.
  ///   - timeline: The run's timeline.
  ///   - end: The run's last virtual second.
  /// - Returns: One time per failure, in seconds.
  static func times(of failures: [ScenarioFailure], in timeline: Timeline, end: Double) -> [Double] {
    var stepTimes: [Int: Double] = [:]
    for step in timeline.events(ScenarioStepEvent.self) {
      stepTimes[step.line] = seconds(step.time)
    }
    return failures.map { failure in
      failure.location.flatMap { stepTimes[$0.line] } ?? end
    }
  }

  /// A duration in seconds.
  ///
  /// - Parameter duration: A virtual time.
  /// - Returns: Seconds as a `Double`.
  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
