/// One measured latency of a run, or a measurement that could not be made, with what it belongs to.
package struct LatencySample: Sendable, Hashable {
  /// What was measured.
  package var measure: Scenario.Budgets.Measure
  /// The latency in virtual time; nil when it could not be measured (see ``label``).
  package var value: Duration?
  /// Which utterance, start, stop or pass it belongs to, and why it is missing when it is.
  package var label: String
  /// When the measured wait ended (the UI state that showed it), in virtual time; nil when not
  /// measured or not tied to one event (cycle passes). The HTML report draws the wait up to it.
  package var end: Duration?

  /// Creates a sample.
  /// - Parameters:
  ///   - measure: What was measured.
  ///   - value: The latency, or nil when missing.
  ///   - label: What it belongs to.
  ///   - end: When the wait ended, in virtual time.
  package init(_ measure: Scenario.Budgets.Measure, _ value: Duration?, label: String, end: Duration? = nil) {
    self.measure = measure
    self.value = value
    self.label = label
    self.end = end
  }
}
