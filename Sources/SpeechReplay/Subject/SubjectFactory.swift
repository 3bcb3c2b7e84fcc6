/// Makes the subject a scenario runs against, from the scenario's ``SubjectOptions``.
///
/// An app plugs its own stack in from its test target:
///
/// ```swift
/// let factory = SubjectFactory(name: "MyDictation") { options in MyDictationSubject(locale: options.locale) }
/// let result = ScenarioRunner(subject: factory).run(fileAt: "Scenarios/hello.yaml", seed: nil)
/// ```
///
/// There is no default: a runner is always given the stack it tests. The repository's reference
/// stack is `SubjectFactory.reference` in module `ReferenceSubjects` (what the `speech-replay`
/// command runs); ``unavailable`` fails every scenario saying a subject must be given.
public struct SubjectFactory: Sendable {
  /// A name for reports.
  public var name: String
  /// Makes one subject; called on the main actor inside the simulation, once per run.
  public var make: @MainActor @Sendable (SubjectOptions) throws -> any TranscriptionSubject
  /// The `subject.preset` names the subject knows; a scenario naming another fails at its `preset:`
  /// key before it runs. Nil accepts any name (the subject decides).
  public var presets: [String]?

  /// Creates a factory.
  /// - Parameters:
  ///   - name: A name for reports.
  ///   - presets: The preset names the subject knows; nil (the default) accepts any.
  ///   - make: Makes one subject from the scenario's options; a thrown error fails the scenario with its text.
  public init(name: String, presets: [String]? = nil, make: @escaping @MainActor @Sendable (SubjectOptions) throws -> any TranscriptionSubject) {
    self.name = name
    self.presets = presets
    self.make = make
  }

  /// A factory that makes no subject: every scenario fails saying a subject must be given.
  public static let unavailable = SubjectFactory(name: "none") { _ in throw NoSubjectError() }
}
