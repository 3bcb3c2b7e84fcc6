import Foundation
import SpeechReplay

/// A subject whose start does synchronous work on the main actor for `blockFor` of wall time (a
/// model loaded synchronously, a semaphore wait): the hang the `main-actor-responsive` invariant
/// reports. It spins on the clock rather than sleeping, as CPU-bound work does.
@MainActor
final class BlockingSubject: TranscriptionSubject {
  private(set) var uiState = UIState()
  private var onChange: (@MainActor () -> Void)?
  private let blockFor: Duration

  init(blockFor: Duration) { self.blockFor = blockFor }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { self.onChange = onChange }

  func start() async {
    let end = ContinuousClock.now.advanced(by: blockFor)
    while ContinuousClock.now < end {}  // the bug: heavy synchronous work on the main actor
    uiState.phase = .listening
    onChange?()
  }

  func stop() async {
    uiState.phase = .idle
    onChange?()
  }
}
