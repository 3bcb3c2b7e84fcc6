import Foundation
import Simulation
import SpeechReplay

/// A subject whose start does synchronous work on the main actor for `blockFor` of wall time (a
/// model loaded synchronously, a semaphore wait): the hang the `main-actor-responsive` invariant
/// reports. It spins on the clock rather than sleeping, as CPU-bound work does.
@MainActor
final class BlockingSubject: TranscriptionSubject {
  private(set) var uiState = UIState()
  private var onChange: (@MainActor () -> Void)?
  private let blockFor: Duration
  /// Whether the blocking work is the harness's (`Simulation.harnessWork`), as finishing a capture is.
  private let asHarnessWork: Bool

  init(blockFor: Duration, asHarnessWork: Bool = false) {
    self.blockFor = blockFor
    self.asHarnessWork = asHarnessWork
  }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { self.onChange = onChange }

  func start() async {
    let end = ContinuousClock.now.advanced(by: blockFor)
    if asHarnessWork {
      Simulation.harnessWork { while ContinuousClock.now < end {} }
    } else {
      while ContinuousClock.now < end {}  // the bug: heavy synchronous work on the main actor
    }
    uiState.phase = .listening
    onChange?()
  }

  func stop() async {
    uiState.phase = .idle
    onChange?()
  }
}
