/// Where a run records its capture (`run --capture DIR`, which passes it to each worker as
/// `run-scenario --capture DIR [--capture-name NAME]`): handed by the runner to a
/// ``SessionCapturing`` subject, never through the environment.
package struct SessionCaptureSettings: Sendable, Hashable {
  /// The folder captures go to.
  package var folder: String
  /// The capture's file name without `.speechcapture`; nil for the scenario file's name (`run`
  /// names it when two scenarios share a file name).
  package var name: String?

  /// Creates settings.
  package init(folder: String, name: String? = nil) {
    self.folder = folder
    self.name = name
  }
}
