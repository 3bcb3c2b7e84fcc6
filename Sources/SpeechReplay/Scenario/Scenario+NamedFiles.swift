extension Scenario {
  /// The files the scenario names that are kept as paths (the audio, the observed timeline), so a
  /// command's outputs are never written over them. Transcripts and tap schedules are read when
  /// the scenario loads; a report is never named `.tsv` (OutputPaths refuses the name).
  package var namedFiles: [String] {
    [device.microphone.audioFile, observed?.timelineFile].compactMap { $0 }
  }
}
