import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// Golden files per subject: an app's subject compares with its own files, and where it has none,
/// with the shared (reference) files on what every correct stack must show.
@Suite(.serialized) struct GoldenVariantTests {
  static let yaml = """
    schema: 1
    name: denied
    audio: audio/hello-world.wav
    model: { transcript: audio/hello-world.words.tsv }
    device: { permission: denied }
    steps: [start, { wait: 200ms }, { snapshot: denied }]
    expect:
      golden: [denied]

    """

  /// The reference stack's text, and the wording of "another app" that fails for the same reason.
  static let referenceDenied =
    "phase: failed: Microphone access is denied, so nothing can be transcribed. Allow microphone access for this app in Settings, then start again.\nmicrophone: offered\ncommitted: \"\"\nvolatile: \"\"\n"

  /// The reference stack under an app's name, with its failure text reworded as an app's own.
  static func reworded(_ replacement: String? = "We need the microphone.", committed: String? = nil) -> SubjectFactory {
    SubjectFactory(name: "My App") { options in
      RewordingSubject(try SubjectFactory.reference.make(options), failure: replacement, committed: committed)
    }
  }

  func scenario() throws -> (path: String, shared: GoldenFolder, own: GoldenFolder) {
    let path = try TestFiles.write(Self.yaml, name: "denied.yaml")
    let shared = GoldenFolder(scenarioFile: path)
    try FileManager.default.createDirectory(atPath: shared.path, withIntermediateDirectories: true)
    try Data(Self.referenceDenied.utf8).write(to: URL(fileURLWithPath: shared.file(for: "denied")))
    return (path, shared, GoldenFolder(scenarioFile: path, variant: "My-App"))
  }

  @Test func theVariantFolderIsNamedAfterTheSubject() {
    #expect(Self.reworded().goldenVariant == "My-App")
    #expect(SubjectFactory.reference.goldenVariant == nil)
    #expect(SubjectFactory(name: "x", goldenFiles: .own(folder: "../up")) { _ in fatalError() }.goldenVariant == "-up")
  }

  @Test func withoutFilesOfItsOwnTheWordingOfAFailureIsTheStacksOwn() throws {
    let (path, _, own) = try scenario()
    let result = ScenarioRunner(subject: Self.reworded(), snapshots: SnapshotOptions()).run(fileAt: path, seed: nil)
    #expect(result.status == .passed, "\(result.failures)")
    #expect(!FileManager.default.fileExists(atPath: own.path))
  }

  @Test func withoutFilesOfItsOwnTheTextMustStillMatch() throws {
    let (path, shared, _) = try scenario()
    let result = ScenarioRunner(subject: Self.reworded(committed: "ghost"), snapshots: SnapshotOptions()).run(
      fileAt: path, seed: nil)
    let failure = try #require(result.failures.first { $0.message.contains("differs from the shared golden file") })
    #expect(failure.message.contains(shared.file(for: "denied")))
    #expect(failure.message.contains("+ committed: \"ghost\""), "\(failure.message)")
  }

  @Test func theSubjectsOwnFileIsComparedExactlyAndRecordedInItsFolder() throws {
    let (path, shared, own) = try scenario()
    let recorded = ScenarioRunner(subject: Self.reworded(), snapshots: SnapshotOptions(record: .missing)).run(
      fileAt: path, seed: nil)
    #expect(recorded.status == .failed)  // recording fails the run so the file is reviewed
    let ownText = try String(contentsOfFile: own.file(for: "denied"), encoding: .utf8)
    #expect(ownText.hasPrefix("phase: failed: We need the microphone.\n"))
    #expect(try String(contentsOfFile: shared.file(for: "denied"), encoding: .utf8) == Self.referenceDenied)
    // Its own file now decides, exactly: another wording fails.
    let reworded = ScenarioRunner(subject: Self.reworded("Microphone off."), snapshots: SnapshotOptions()).run(
      fileAt: path, seed: nil)
    #expect(
      reworded.failures.contains { $0.message.contains("differs from its golden file \(own.file(for: "denied"))") },
      "\(reworded.failures)")
  }

  @Test func recordingWritesOnlyTheFilesThatDifferFromTheSharedOnes() throws {
    let (path, shared, own) = try scenario()
    // The same text as the shared file, byte for byte: no copy is written, in any record mode.
    for mode in [SnapshotRecordMode.missing, .failed, .all] {
      let same = ScenarioRunner(subject: Self.reworded(nil), snapshots: SnapshotOptions(record: mode)).run(
        fileAt: path, seed: nil)
      #expect(same.status == .passed, "\(mode): \(same.failures)")
      #expect(!FileManager.default.fileExists(atPath: own.file(for: "denied")), "\(mode) copied the shared file")
    }
    // Other wording: the subject's own file is written, the shared one untouched.
    let other = ScenarioRunner(subject: Self.reworded(), snapshots: SnapshotOptions(record: .missing)).run(
      fileAt: path, seed: nil)
    #expect(other.failures.contains { $0.message.hasPrefix("recorded the golden snapshot 'denied'") })
    #expect(FileManager.default.fileExists(atPath: own.file(for: "denied")))
    #expect(try String(contentsOfFile: shared.file(for: "denied"), encoding: .utf8) == Self.referenceDenied)
  }

  @Test func theReferenceStackIsComparedWithTheSharedFilesExactly() throws {
    let (path, shared, _) = try scenario()
    try Data(Self.referenceDenied.replacingOccurrences(of: "Settings", with: "Preferences").utf8).write(
      to: URL(fileURLWithPath: shared.file(for: "denied")))
    let result = ScenarioRunner(subject: .reference, snapshots: SnapshotOptions()).run(fileAt: path, seed: nil)
    #expect(result.failures.contains { $0.message.contains("differs from its golden file") })
  }
}

/// Passes every call to another subject and rewrites the failure text (and, when asked, the
/// committed text) it shows, as a different app would word them.
@MainActor
final class RewordingSubject: TranscriptionSubject {
  private let wrapped: any TranscriptionSubject
  private let failure: String?
  private let committed: String?

  init(_ wrapped: any TranscriptionSubject, failure: String?, committed: String?) {
    self.wrapped = wrapped
    self.failure = failure
    self.committed = committed
  }

  func start() async { await wrapped.start() }
  func stop() async { await wrapped.stop() }
  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { wrapped.observeUIState(onChange) }

  var uiState: UIState {
    var state = wrapped.uiState
    if case .failed = state.phase, let failure { state.phase = .failed(failure) }
    if let committed { state.committed = committed }
    return state
  }
}
