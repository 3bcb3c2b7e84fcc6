import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import SpeechShim
import Testing

/// The dismiss check follows the app's own objects: what the subject (an adapter) holds must go with
/// it, and `LeakTracker` (from SpeechShim, so it builds for iOS) marks objects deeper in the stack.
@Suite struct DismissAppObjectTests {
  static let steps = "schema: 1\nsteps:\n  - start\n  - wait: 200ms\n  - stop\n  - dismiss\n"

  @Test func anAppModelKeptAliveByAnObserverFailsAlthoughItsAdapterIsGone() throws {
    let path = try TestFiles.write(Self.steps)
    let factory = SubjectFactory(name: "adapter") { _ in ModelAdapter(model: NotesModel(registersObserver: true)) }
    let result = ScenarioRunner(subject: factory).run(fileAt: path, seed: nil)
    #expect(result.status == .failed)
    #expect(!result.failures.contains { $0.check == CheckID(.dismissal, "subject") }, "the adapter itself is freed")
    let failure = try #require(
      result.failures.first { $0.check == CheckID(.dismissal, "object") }, "\(result.failures)")
    #expect(
      failure.message.hasPrefix(
        "the app object SpeechReplayTests.NotesModel (ModelAdapter.model) is still alive after its screen was dismissed"
      ),
      "\(failure.message)")
    #expect(failure.location?.line == 6)
  }

  @Test func anAppModelThatGoesWithItsAdapterPasses() throws {
    let path = try TestFiles.write(Self.steps)
    let factory = SubjectFactory(name: "adapter") { _ in ModelAdapter(model: NotesModel(registersObserver: false)) }
    let result = ScenarioRunner(subject: factory).run(fileAt: path, seed: nil)
    #expect(!result.failures.contains { $0.check.family == .dismissal }, "\(result.failures)")
  }

  @Test func anObjectTheReopenedScreenHoldsTooIsShared() throws {
    let path = try TestFiles.write("schema: 1\nsteps: [start, stop, dismiss, start, stop]\n")
    let factory = SubjectFactory(name: "adapter") { _ in
      ModelAdapter(model: NotesModel(registersObserver: false), service: SpeechService.shared)
    }
    let result = ScenarioRunner(subject: factory).run(fileAt: path, seed: nil)
    #expect(!result.failures.contains { $0.check.family == .dismissal }, "\(result.failures)")
  }

  @Test func aLeakTrackerMarksAnObjectDeeperInTheStack() throws {
    let path = try TestFiles.write(Self.steps)
    let factory = SubjectFactory(name: "adapter") { _ in
      ModelAdapter(model: NotesModel(registersObserver: false, cachesPipeline: true))
    }
    let result = ScenarioRunner(subject: factory).run(fileAt: path, seed: nil)
    let failure = try #require(
      result.failures.first { $0.check == CheckID(.dismissal, "objects") }, "\(result.failures)")
    #expect(failure.message.contains("SpeechReplayTests.CachedPipeline 0 → 1"), "\(failure.message)")
  }
}

/// An app's screen model, as a team writes it: plain class, no knowledge of speech-replay.
@MainActor
final class NotesModel {
  /// Observers a forgotten registration keeps (a NotificationCenter block that captures the model strongly).
  static var observers: [() -> Void] = []
  /// What a forgotten cache keeps for ever.
  static var pipelines: [CachedPipeline] = []

  var text = ""
  private let registersObserver: Bool
  private let cachesPipeline: Bool

  init(registersObserver: Bool, cachesPipeline: Bool = false) {
    self.registersObserver = registersObserver
    self.cachesPipeline = cachesPipeline
  }

  func start() {
    if registersObserver { Self.observers.append { self.text = "" } }  // the bug: the block holds the model
    if cachesPipeline { Self.pipelines.append(CachedPipeline()) }
    text = "listening"
  }
}

/// An object deep in the app's stack, marked for the dismiss check the way app code can on iOS too.
final class CachedPipeline {
  private let leakTracker = LeakTracker(CachedPipeline.self)
}

/// A service every screen shares (a singleton).
final class SpeechService: Sendable {
  static let shared = SpeechService()
}

/// The adapter: the subject wraps the app's model and lets go of nothing itself.
@MainActor
final class ModelAdapter: TranscriptionSubject {
  let model: NotesModel
  let service: SpeechService?
  private var onChange: (@MainActor () -> Void)?

  init(model: NotesModel, service: SpeechService? = nil) {
    self.model = model
    self.service = service
  }

  func start() async {
    model.start()
    onChange?()
  }
  func stop() async {
    model.text = ""
    onChange?()
  }
  var uiState: UIState { UIState(committed: "", volatile: "", phase: model.text.isEmpty ? .idle : .listening) }
  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { self.onChange = onChange }
}
