public import Simulation

extension ResourceKind {
  /// `AVAudioFile`s open for reading or writing and not yet closed or released.
  public static let openAudioFiles: ResourceKind = "open audio files"
}
