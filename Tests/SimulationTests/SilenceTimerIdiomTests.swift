import Foundation
import Simulation
import Testing

/// An app-style recorder whose silence timer is a `Timer.scheduledTimer` restarted on every result,
/// as public apps write it: it stops itself two seconds after the last words, in virtual time.
@Suite(.serialized) struct SilenceTimerIdiomTests {
  @MainActor private final class SilenceStoppingRecorder {
    private var silenceTimer: Timer?
    private(set) var stoppedAt: Duration?
    private(set) var results: [String] = []

    /// A result arrived: keep it, and give the speaker two more seconds.
    func resultArrived(_ text: String) {
      guard stoppedAt == nil else { return }
      results.append(text)
      silenceTimer?.invalidate()
      silenceTimer = Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { [weak self] _ in
        MainActor.assumeIsolated { self?.stop() }
      }
    }

    func stop() {
      silenceTimer?.invalidate()
      stoppedAt = Simulation.current?.now
    }
  }

  /// Words every 300 ms, a four-second pause, then words the stopped recorder must not take.
  @MainActor private static func speakWithAPause() async -> (stoppedAt: Duration?, results: [String]) {
    let recorder = SilenceStoppingRecorder()
    for (index, delay) in [300, 300, 300, 4_000, 300].enumerated() {
      try? await Task.sleep(for: .milliseconds(delay))
      recorder.resultArrived("words \(index)")
    }
    return (recorder.stoppedAt, recorder.results)
  }

  @Test func theSilenceTimerStopsTheRecorderTwoSecondsAfterTheLastWords() throws {
    var hashes = Set<String>()
    for _ in 0..<3 {
      let report = try Simulation.run(testConfiguration("silence timer idiom")) { await Self.speakWithAPause() }
      #expect(report.value?.stoppedAt == .milliseconds(2_900), "\(String(describing: report.value))")
      #expect(report.value?.results == ["words 0", "words 1", "words 2"])
      // The two restarted timers were invalidated: only the last one fired.
      #expect(report.trace.filter { $0["call"] == "Timer.scheduledTimer" }.count == 1)
      #expect(report.isDeterministic, "\(report.escapes)")
      hashes.insert(report.traceHash)
    }
    #expect(hashes.count == 1, "\(hashes)")
  }
}
