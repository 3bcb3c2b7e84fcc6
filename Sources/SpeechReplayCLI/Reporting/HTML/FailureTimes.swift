import Simulation
import SpeechReplay

/// Places a scenario's failures on its time axis.
///
/// A failure carries the line of the scenario file it comes from, not a time. It is placed:
/// - at a step's line: where that step began (its `scenario.step` event; the last one for a step in
///   a `cycle:`);
/// - at a line of a snapshot's expectation (`expect.snapshots.NAME.committed`…): where that
///   snapshot was taken (its `scenario.snapshot` event);
/// - otherwise (the final state, a budget, an invariant, a crash): at the end of the run, when it
///   was judged.
enum FailureTimes {
  /// The virtual time of each failure, in order.
  ///
  /// - Parameters:
  ///   - failures: The result's failures.
  ///   - timeline: The run's timeline.
  ///   - scenario: The scenario, when its file could be loaded (for snapshot expectations).
  ///   - end: The run's last virtual second.
  /// - Returns: One time per failure, in seconds.
  static func times(of failures: [ScenarioFailure], in timeline: Timeline, scenario: Scenario?, end: Double) -> [Double] {
    var lineTimes: [Int: Double] = [:]
    for step in timeline.events(ScenarioStepEvent.self) {
      lineTimes[step.line] = seconds(step.time)
    }
    var snapshotTimes: [String: Double] = [:]
    for snapshot in timeline.events(ScenarioSnapshotEvent.self) {
      snapshotTimes[snapshot.name] = seconds(snapshot.time)
    }
    for (name, expectation) in scenario?.expectations.snapshots ?? [] {
      guard let time = snapshotTimes[name] else { continue }
      let lines = [
        expectation.committed?.location.line, expectation.volatile?.location.line, expectation.phase?.location.line,
        expectation.microphoneOffered?.location.line,
      ]
      for line in lines.compactMap({ $0 }) where lineTimes[line] == nil { lineTimes[line] = time }
    }
    return failures.map { failure in
      failure.location.flatMap { lineTimes[$0.line] } ?? end
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
