import SpeechReplay

/// One scenario the run will execute: where it is in the suite, its file and its name.
package struct PlannedScenario: Sendable, Hashable {
  /// The file as found.
  package var file: String
  /// The scenario's name, or the file name without extension when the file cannot be loaded
  /// (the worker then reports why).
  package var name: String

  /// Creates a planned scenario.
  ///
  /// - Parameters:
  ///   - file: The scenario file.
  ///   - name: The scenario's name.
  package init(file: String, name: String) {
    self.file = file
    self.name = name
  }
}
