/// Makes the subject a scenario runs against, from the scenario's ``SubjectOptions``.
///
/// An app plugs its own stack in from its test target:
///
/// ```swift
/// let factory = SubjectFactory(name: "MyDictation") { options in MyDictationSubject(locale: options.locale) }
/// let result = ScenarioRunner(subject: factory).run(fileAt: "Scenarios/hello.yaml", seed: nil)
/// ```
///
/// The reference stack (module `LiveTranscription`) gets its factory when its adapter is merged;
/// until then ``unavailable`` is the default and fails every scenario with a message saying so.
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

  /// The factory used when none is given.
  // TODO(issue 5 merge): becomes the LiveTranscription reference stack's adapter.
  public static var standard: SubjectFactory { unavailable }

  /// A factory that makes no subject: every scenario fails saying a subject must be given.
  public static let unavailable = SubjectFactory(name: "none") { _ in throw NoSubjectError() }
}
