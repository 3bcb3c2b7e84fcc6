/// One scenario the run will execute: where it is in the suite, its file and its name.
public struct PlannedScenario: Sendable, Hashable {
  /// The file as found.
  public var file: String
  /// The scenario's name, or the file name without extension when the file cannot be loaded
  /// (the worker then reports why).
  public var name: String

  /// Creates a planned scenario.
  ///
  /// - Parameters:
  ///   - file: The scenario file.
  ///   - name: The scenario's name.
  public init(file: String, name: String) {
    self.file = file
    self.name = name
  }
}
