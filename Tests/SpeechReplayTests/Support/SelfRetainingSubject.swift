import Foundation
import Simulation
import SpeechReplay

/// A subject whose screen can never go away: `start()` stores a closure that captures `self`
/// strongly on `self` (the retain cycle of a tap block or observer kept in a property), and it
/// makes a tracked helper that a global cache keeps. The dismiss check must name both.
@MainActor
final class SelfRetainingSubject: TranscriptionSubject {
  /// An app type counted by `LiveObjectTracker`, as an app tracks its own types.
  final class AudioPipeline {
    private let tracker = LiveObjectTracker(AudioPipeline.self)
  }

  /// What a forgotten cache keeps for ever.
  static var cache: [AudioPipeline] = []

  private(set) var uiState = UIState()
  private var onChange: (@MainActor () -> Void)?
  private var tapBlock: (() -> Void)?
  private let leaksPipeline: Bool

  init(leaksPipeline: Bool) { self.leaksPipeline = leaksPipeline }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { self.onChange = onChange }

  func start() async {
    tapBlock = { self.uiState.volatile = "" }  // the bug: self holds the block, the block holds self
    if leaksPipeline { Self.cache.append(AudioPipeline()) }
    uiState.phase = .listening
    onChange?()
  }

  func stop() async {
    uiState.phase = .idle
    onChange?()
  }
}

/// A subject that lets go of everything on stop.
@MainActor
final class WellBehavedSubject: TranscriptionSubject {
  private(set) var uiState = UIState()
  private var onChange: (@MainActor () -> Void)?
  private var listening: Task<Void, Never>?

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { self.onChange = onChange }

  func start() async {
    listening = Task { [weak self] in self?.uiState.phase = .listening }
    await listening?.value
    onChange?()
  }

  func stop() async {
    listening = nil
    uiState.phase = .idle
    onChange?()
  }
}
