import SpeechReplay

/// One scenario the run will execute: where it is in the suite, its file and its name.
package struct PlannedScenario: Sendable, Hashable {
  /// The file as found.
  package var file: String
  /// The scenario's name, or the file name without extension when the file cannot be loaded
  /// (the worker then reports why).
  package var name: String
  /// Whether loading the file in the parent ran past `run --timeout` (``SuitePlan``): the scenario
  /// is then reported as timed out, naming the file, and no worker runs it.
  package var loadingTimedOut = false

  /// Creates a planned scenario.
  ///
  /// - Parameters:
  ///   - file: The scenario file.
  ///   - name: The scenario's name.
  ///   - loadingTimedOut: Whether loading it in the parent ran past `--timeout`.
  package init(file: String, name: String, loadingTimedOut: Bool = false) {
    self.file = file
    self.name = name
    self.loadingTimedOut = loadingTimedOut
  }
}
