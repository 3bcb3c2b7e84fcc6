import Simulation
import SpeechReplay

/// A subject whose start waits for something that never comes.
@MainActor
final class StuckSubject: TranscriptionSubject {
  var uiState = UIState()
  func observeUIState(_ onChange: @escaping @MainActor () -> Void) {}
  func start() async {
    let (stream, _) = AsyncStream<Int>.makeStream()
    await Simulation.current?.waiting("StuckSubject.start") {
      for await _ in stream {}
    }
  }
  func stop() async {}
}
