import LiveTranscription

/// Makes the subject a scenario runs against, from the scenario's ``SubjectOptions``.
///
/// An app plugs its own stack in from its test target:
///
/// ```swift
/// let factory = SubjectFactory(name: "MyDictation") { options in MyDictationSubject(locale: options.locale) }
/// let result = ScenarioRunner(subject: factory).run(fileAt: "Scenarios/hello.yaml", seed: nil)
/// ```
///
/// ``standard`` (the default) runs the reference stack, module `LiveTranscription`.
public struct SubjectFactory: Sendable {
  /// A name for reports.
  public var name: String
  /// Makes one subject; called on the main actor inside the simulation, once per run.
  public var make: @MainActor @Sendable (SubjectOptions) throws -> any TranscriptionSubject

  /// Creates a factory.
  /// - Parameters:
  ///   - name: A name for reports.
  ///   - make: Makes one subject from the scenario's options; a thrown error fails the scenario with its text.
  public init(name: String, make: @escaping @MainActor @Sendable (SubjectOptions) throws -> any TranscriptionSubject) {
    self.name = name
    self.make = make
  }

  /// The factory used when none is given: the reference stack.
  public static var standard: SubjectFactory { reference }

  /// The reference stack (module `LiveTranscription`), the CLI's default subject: `LiveTranscriber`,
  /// or `FileTranscriber` over the scenario's audio file when `subject.preset` is `file`.
  public static let reference = SubjectFactory(name: "LiveTranscription") { options in
    if options.preset == FileSubject.preset { return try FileSubject(options: options) }
    return ReferenceSubject(options: options, faults: ScenarioCapture.demonstrationFaults)
  }

  /// The reference stack with some of the bug zoo's traps switched on (Tests/BugZooTests).
  /// - Parameter faults: The traps; an empty set gives the reference stack itself.
  /// - Returns: A factory named after the stack and its faults, such as `LiveTranscription+skipsConversion`.
  package static func reference(faults: Set<LiveTranscriber.Fault>) -> SubjectFactory {
    let name = (["LiveTranscription"] + faults.map(\.rawValue).sorted()).joined(separator: "+")
    return SubjectFactory(name: name) { options in
      // The faults live in the live stack; a file scenario runs the (fault-free) file transcriber.
      if options.preset == FileSubject.preset { return try FileSubject(options: options) }
      return ReferenceSubject(options: options, faults: faults)
    }
  }

  /// A factory that makes no subject: every scenario fails saying a subject must be given.
  public static let unavailable = SubjectFactory(name: "none") { _ in throw NoSubjectError() }
}
