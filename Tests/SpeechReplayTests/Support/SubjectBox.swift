import ReferenceSubjects
import SpeechReplay
import Synchronization

/// The reference stack, with the calls the runner made to it collected across the simulation's main
/// actor and the test.
final class SubjectBox: Sendable {
  private let storage = Mutex<[String]>([])
  private let counter = Mutex(0)
  /// The runner's calls to every subject made, in order: `start`, `stop`.
  var events: [String] { storage.withLock { $0 } }
  /// Subjects made.
  var made: Int { counter.withLock { $0 } }

  /// A factory that keeps what its subjects were asked here.
  var factory: SubjectFactory {
    SubjectFactory(name: "LiveTranscription") { [self] options in
      counter.withLock { $0 += 1 }
      return ObservedSubject(try SubjectFactory.reference.make(options)) { event in
        self.storage.withLock { $0.append(event) }
      }
    }
  }
}

/// A subject that passes every call to another and reports `start` and `stop`.
@MainActor
final class ObservedSubject: TranscriptionSubject {
  private let wrapped: any TranscriptionSubject
  private let report: @Sendable (String) -> Void

  init(_ wrapped: any TranscriptionSubject, report: @escaping @Sendable (String) -> Void) {
    self.wrapped = wrapped
    self.report = report
  }

  func start() async {
    report("start")
    await wrapped.start()
  }

  func stop() async {
    report("stop")
    await wrapped.stop()
  }

  var uiState: UIState { wrapped.uiState }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { wrapped.observeUIState(onChange) }
}
