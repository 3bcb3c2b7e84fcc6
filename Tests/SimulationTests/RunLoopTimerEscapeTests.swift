import Foundation
import Simulation
import Testing

/// Foundation timers the simulation does not take (scheduled from code off the main actor, on that
/// thread's own run loop): not run in virtual time, reported as an escape that names the call.
@Suite(.serialized) struct RunLoopTimerEscapeTests {
  /// A silence timer started from a task off the main actor: on a device its thread's run loop never runs.
  private static func startSilenceTimer() -> Timer {
    Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { _ in }
  }

  @Test func aScheduledTimerIsAnEscapeNamingTheCall() throws {
    let report = try Simulation.run(testConfiguration("timer")) { () -> Bool in
      let timer = Self.startSilenceTimer()
      #expect(timer.isValid)
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
