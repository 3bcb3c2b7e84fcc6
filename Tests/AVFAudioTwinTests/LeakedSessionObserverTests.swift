#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  // Runs of the simulation share one process here, as in a test target or a `run` worker; on a
  // device each app has its own. Needs the simulation, so it does not compile against Apple's frameworks.
  import AVFAudioTwin
  import Foundation
  import Simulation
  import SimulatedDevice
  import Synchronization
  import Testing
  import SpeechReplayTestSupport

  @Suite(.serialized) struct LeakedSessionObserverTests {
    /// The interruption types each observer heard, by observer.
    final class Heard: Sendable {
      private let heard = Mutex<[String: [UInt]]>([:])
      func add(_ type: UInt?, by observer: String) { heard.withLock { $0[observer, default: []].append(type ?? 99) } }
      subscript(_ observer: String) -> [UInt] { heard.withLock { $0[observer, default: []] } }
    }

    static func observeInterruptions(as label: String, into heard: Heard) -> any NSObjectProtocol {
      NotificationCenter.default.addObserver(
        forName: AVAudioSession.interruptionNotification, object: nil, queue: nil
      ) { note in heard.add(note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt, by: label) }
    }

    /// Run A's observer of every session's interruptions is leaked (never removed); run B's device
    /// is interrupted. Only run B's observer hears it: on a device run A's app is another process.
    @Test func anInterruptionInOneRunIsNotHeardByAnObserverAnotherRunLeaked() throws {
      let heard = Heard()
      let first = SimulatedDevice()
      _ = try SimulatedDevice.withDevice(first) {
        try Simulation.run(TestSimulation.configuration("leaks an observer")) {
          _ = Self.observeInterruptions(as: "leaked", into: heard)
          try AVAudioSession.sharedInstance().setActive(true)
          first.beginInterruption()
        }
      }
      #expect(heard["leaked"] == [1], "run A's own interruption reaches its observer")
      let second = SimulatedDevice()
      let report = try SimulatedDevice.withDevice(second) {
        try Simulation.run(TestSimulation.configuration("is interrupted")) {
          let observer = Self.observeInterruptions(as: "own", into: heard)
          defer { NotificationCenter.default.removeObserver(observer) }
          try AVAudioSession.sharedInstance().setActive(true)
          second.beginInterruption()
          try await Task.sleep(for: .milliseconds(100))
          second.endInterruption(shouldResume: true)
        }
      }
      #expect(report.outcome == .finished)
      #expect(heard["own"] == [1, 0])
      #expect(heard["leaked"] == [1], "the observer run A leaked heard run B's interruption")
    }
  }
#endif
