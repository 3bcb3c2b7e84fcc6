import LiveTranscription
public import SpeechReplay

extension SubjectFactory {
  /// The reference stack (module `LiveTranscription`), the `speech-replay` command's subject:
  /// `LiveTranscriber`, or `FileTranscriber` over the scenario's audio file when `subject.preset` is `file`.
  /// The scenarios' shared golden files are this subject's (no variant). It declares every
  /// capability the bundled scenarios require but the 27 SDK's ``SubjectCapability/sessionDeactivationContext``.
  public static let reference = SubjectFactory(
    name: "LiveTranscription", presets: [FileSubject.preset], goldenFiles: .shared,
    capabilities: capabilities26
  ) { options in
    if options.preset == FileSubject.preset { return try FileSubject(options: options) }
    return ReferenceSubject(options: options, faults: try ScenarioCapture.demonstrationFaults())
  }

  /// The reference stack written the way a 27 app is (`LiveTranscription-27`): the 27 tap,
  /// Speech's `AnalyzerInputConverter` flushed at the stop, the 27 session notifications. It shares
  /// the scenarios' golden files with ``reference`` and declares every bundled capability; file scenarios run the same
  /// file transcriber.
  public static let reference27 = SubjectFactory(
    name: "LiveTranscription-27", presets: [FileSubject.preset], goldenFiles: .shared,
    capabilities: SubjectCapability.bundled
  ) { options in
    if options.preset == FileSubject.preset { return try FileSubject(options: options) }
    return ReferenceSubject(options: options, faults: try ScenarioCapture.demonstrationFaults(), inputAPI: .sdk27)
  }

  /// What the reference stack's 26 path declares: every bundled capability but
  /// ``SubjectCapability/sessionDeactivationContext``, which only the 27 SDK can have (the 26 path
  /// skips `Scenarios/system-deactivation.yaml` with the reason).
  static let capabilities26 = SubjectCapability.bundled.subtracting([.sessionDeactivationContext])

  /// The reference stack with some of the bug zoo's traps switched on (Tests/BugZooTests).
  /// - Parameters:
  ///   - faults: The traps; an empty set gives the reference stack itself.
  ///   - inputAPI: The SDK whose input API the stack uses.
  /// - Returns: A factory named after the stack and its faults, such as `LiveTranscription+skipsConversion`
  ///   (`LiveTranscription-27+noFlushAtStop` on the 27 path).
  package static func reference(
    faults: Set<LiveTranscriber.Fault>, inputAPI: LiveTranscriber.InputAPI = .sdk26
  )
    -> SubjectFactory
  {
    guard !faults.isEmpty else { return inputAPI == .sdk27 ? reference27 : reference }
    let stack = inputAPI == .sdk27 ? "LiveTranscription-27" : "LiveTranscription"
    let name = ([stack] + faults.map(\.rawValue).sorted()).joined(separator: "+")
    // Compared with the reference stack's golden files as they are: a fault that changes the text is caught.
    let capabilities = inputAPI == .sdk27 ? SubjectCapability.bundled : capabilities26
    return SubjectFactory(
      name: name, presets: [FileSubject.preset], goldenFiles: .shared, capabilities: capabilities
    ) { options in
      // The faults live in the live stack; a file scenario runs the (fault-free) file transcriber.
      if options.preset == FileSubject.preset { return try FileSubject(options: options) }
      return ReferenceSubject(options: options, faults: faults, inputAPI: inputAPI)
    }
  }
}
