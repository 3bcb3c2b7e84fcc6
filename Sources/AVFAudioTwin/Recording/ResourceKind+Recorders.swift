public import Simulation

extension ResourceKind {
  /// `AVAudioRecorder`s recording or paused, from `record()` to `stop()` (or release).
  public static let activeRecorders: ResourceKind = "active audio recorders"
}
