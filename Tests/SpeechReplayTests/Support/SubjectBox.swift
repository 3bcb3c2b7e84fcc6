import SpeechReplay
import Synchronization

/// Collects the subjects a factory made, across the simulation's main actor and the test.
final class SubjectBox: Sendable {
  private let storage = Mutex<[String]>([])
  private let counter = Mutex(0)
  /// The events of every subject made, in order.
  var events: [String] { storage.withLock { $0 } }
  /// Subjects made.
  var made: Int { counter.withLock { $0 } }

  /// A factory that keeps what its subjects observed here.
  var factory: SubjectFactory {
    SubjectFactory(name: "TwinSubject") { [self] options in
      counter.withLock { $0 += 1 }
      return TwinSubject(options: options) { event in self.storage.withLock { $0.append(event) } }
    }
  }
}
