import LiveTranscription
public import SpeechReplay

extension SubjectFactory {
  /// The reference stack (module `LiveTranscription`), the `speech-replay` command's subject:
  /// `LiveTranscriber`, or `FileTranscriber` over the scenario's audio file when `subject.preset` is `file`.
  /// The scenarios' shared golden files are this subject's (no variant). It declares every
  /// capability the bundled scenarios require.
  public static let reference = SubjectFactory(
    name: "LiveTranscription", presets: [FileSubject.preset], goldenFiles: .shared,
    capabilities: SubjectCapability.bundled
  ) { options in
    if options.preset == FileSubject.preset { return try FileSubject(options: options) }
    return ReferenceSubject(options: options, faults: try ScenarioCapture.demonstrationFaults())
  }

  /// The reference stack with some of the bug zoo's traps switched on (Tests/BugZooTests).
  /// - Parameter faults: The traps; an empty set gives the reference stack itself.
  /// - Returns: A factory named after the stack and its faults, such as `LiveTranscription+skipsConversion`.
  package static func reference(faults: Set<LiveTranscriber.Fault>) -> SubjectFactory {
    guard !faults.isEmpty else { return reference }
    let name = (["LiveTranscription"] + faults.map(\.rawValue).sorted()).joined(separator: "+")
    // Compared with the reference stack's golden files as they are: a fault that changes the text is caught.
    return SubjectFactory(
      name: name, presets: [FileSubject.preset], goldenFiles: .shared, capabilities: SubjectCapability.bundled
    ) { options in
      // The faults live in the live stack; a file scenario runs the (fault-free) file transcriber.
      if options.preset == FileSubject.preset { return try FileSubject(options: options) }
      return ReferenceSubject(options: options, faults: faults)
    }
  }
}
