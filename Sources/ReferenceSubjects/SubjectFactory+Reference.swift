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

  /// The reference stack written the way a 27 app is (`LiveTranscription-27`): the 27 tap,
  /// Speech's `AnalyzerInputConverter` flushed at the stop, the 27 session notifications. It shares
  /// the scenarios' golden files and capabilities with ``reference``; file scenarios run the same
  /// file transcriber.
  public static let reference27 = SubjectFactory(
    name: "LiveTranscription-27", presets: [FileSubject.preset], goldenFiles: .shared,
    capabilities: SubjectCapability.bundled.union([sessionDeactivationContext])
  ) { options in
    if options.preset == FileSubject.preset { return try FileSubject(options: options) }
    return ReferenceSubject(options: options, faults: try ScenarioCapture.demonstrationFaults(), inputAPI: .sdk27)
  }

  /// The stack observes the 27 SDK's `AVAudioSession.didBecomeInactiveNotification` and its
  /// `DeactivationContext`: a scenario about a system deactivation that is not an interruption
  /// (`audioSystem: systemDeactivation`, which nothing else tells an app of) requires it, and the
  /// 26 path, which cannot see it, skips that scenario with the reason.
  static let sessionDeactivationContext = SubjectCapability("sessionDeactivationContext")

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
    let capabilities = SubjectCapability.bundled.union(inputAPI == .sdk27 ? [sessionDeactivationContext] : [])
    return SubjectFactory(
      name: name, presets: [FileSubject.preset], goldenFiles: .shared, capabilities: capabilities
    ) { options in
      // The faults live in the live stack; a file scenario runs the (fault-free) file transcriber.
      if options.preset == FileSubject.preset { return try FileSubject(options: options) }
      return ReferenceSubject(options: options, faults: faults, inputAPI: inputAPI)
    }
  }
}
