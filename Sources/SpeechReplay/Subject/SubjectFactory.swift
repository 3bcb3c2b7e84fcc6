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
  /// The subfolder of each scenario's golden folder that holds this subject's own golden files
  /// (`__Snapshots__/<scenario>/<variant>/`); nil when the scenarios' shared files are this
  /// subject's (the reference stack's). A snapshot with no file of the subject's own is compared
  /// with the shared file on what every correct stack must show — committed and volatile text,
  /// microphone, the kind of phase — and not on the wording of a failure or progress, which is
  /// each stack's own. Recording writes the subject's own files.
  public var goldenVariant: String?
  /// The features the stack has beyond live transcription from the microphone; a scenario that
  /// `requires:` another is skipped with the reason, not failed. Empty by default.
  public var capabilities: Set<SubjectCapability>

  /// Creates a factory.
  /// - Parameters:
  ///   - name: A name for reports.
  ///   - presets: The preset names the subject knows; nil (the default) accepts any.
  ///   - goldenFiles: Whose golden files this subject is compared with: its own (the default, in a
  ///     subfolder named after it) or the scenarios' shared ones.
  ///   - capabilities: The features the stack has (``SubjectCapability``); scenarios that require
  ///     another are skipped. None by default: live transcription from the microphone only.
  ///   - make: Makes one subject from the scenario's options; a thrown error fails the scenario with its text.
  public init(
    name: String, presets: [String]? = nil, goldenFiles: GoldenFiles = .own(),
    capabilities: Set<SubjectCapability> = [],
    make: @escaping @MainActor @Sendable (SubjectOptions) throws -> any TranscriptionSubject
  ) {
    self.name = name
    self.presets = presets
    self.capabilities = capabilities
    switch goldenFiles {
    case .shared: goldenVariant = nil
    case .own(let folder): goldenVariant = GoldenFolder.variantName(for: folder ?? name)
    }
    self.make = make
  }

  /// Whose golden files a subject is compared with.
  public enum GoldenFiles: Sendable, Hashable {
    /// The scenarios' shared files (`__Snapshots__/<scenario>/`) were recorded with this subject:
    /// compared exactly, recorded there.
    case shared
    /// The subject's own files in a subfolder (its name when `folder` is nil), falling back to the
    /// shared files on what every correct stack must show.
    case own(folder: String? = nil)
  }

  /// A factory that makes no subject: every scenario fails saying a subject must be given.
  public static let unavailable = SubjectFactory(name: "none") { _ in throw NoSubjectError() }
}
