import Foundation
import Simulation
import Testing

/// Foundation timers: not run in virtual time, reported as an escape that names the call.
@Suite(.serialized) struct RunLoopTimerEscapeTests {
  /// A silence timer the way an app's synchronous method starts one.
  private static func startSilenceTimer() -> Timer {
    Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { _ in }
  }

  @Test func aScheduledTimerIsAnEscapeNamingTheCall() throws {
    let report = try Simulation.run(testConfiguration("timer")) { () -> Bool in
      let timer = Self.startSilenceTimer()
      try? await Task.sleep(for: .seconds(3))
      timer.invalidate()
      return true
    }
    #expect(report.escapes.map(\.kind).contains(.runLoopTimer), "\(report.escapes)")
    #expect(Simulation.Escape.Kind.runLoopTimer.advice.contains("Timer.scheduledTimer"))
    let diagnostic = report.trace.first { $0.kind == .diagnostic }
    #expect(diagnostic?["message"]?.contains("Timer.scheduledTimer") == true)
  }
}
