import Foundation
import Simulation
import SpeechReplay

#if canImport(Glibc)
  import Glibc
#endif

/// A subject whose start does synchronous work on the main actor for `blockFor` (a model loaded
/// synchronously, a semaphore wait): the hang the `main-actor-responsive` invariant reports. It
/// spins rather than sleeping, as CPU-bound work does, until both its thread's CPU time and the
/// wall clock have advanced by `blockFor`: on a loaded machine the simulation charges a job that
/// never blocked its CPU time, and spinning on the wall clock alone would then measure less.
@MainActor
final class BlockingSubject: TranscriptionSubject {
  private(set) var uiState = UIState()
  private var onChange: (@MainActor () -> Void)?
  private let blockFor: Duration
  /// Whether the blocking work is the harness's (`Simulation.harnessWork`), as finishing a capture is.
  private let asHarnessWork: Bool
  /// Whether the start waits (the thread sleeps, as in a semaphore wait) instead of spinning.
  private let waits: Bool

  init(blockFor: Duration, asHarnessWork: Bool = false, waits: Bool = false) {
    self.blockFor = blockFor
    self.asHarnessWork = asHarnessWork
    self.waits = waits
  }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { self.onChange = onChange }

  func start() async {
    let blockFor = blockFor
    if asHarnessWork {
      Simulation.harnessWork { Self.spin(for: blockFor) }
    } else if waits {
      // The bug: a synchronous wait on the main actor, which uses no CPU at all.
      let (seconds, attoseconds) = blockFor.components
      usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    } else {
      Self.spin(for: blockFor)  // the bug: heavy synchronous work on the main actor
    }
    uiState.phase = .listening
    onChange?()
  }

  func stop() async {
    uiState.phase = .idle
    onChange?()
  }

  /// Spins until the thread's CPU time (where the platform gives it) and the wall clock have both
  /// advanced by `duration`.
  private nonisolated static func spin(for duration: Duration) {
    let end = ContinuousClock.now.advanced(by: duration)
    let cpuEnd = threadCPUTime().map { $0 + duration }
    func cpuLeft() -> Bool {
      guard let cpuEnd, let now = threadCPUTime() else { return false }
      return now < cpuEnd
    }
    while ContinuousClock.now < end || cpuLeft() {}
  }

  private nonisolated static func threadCPUTime() -> Duration? {
    #if canImport(Glibc)
      var time = timespec()
      guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return nil }
      return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    #else
      return nil
    #endif
  }
}
