import SimulatedDevice
import Simulation
import SpeechReplayTestSupport
import Synchronization
import Testing

/// The tap clock: one loop, shared by the engine's input and the recorder, that calls the hardware
/// back once per callback interval of virtual time until told to stop.
@Suite struct MicrophoneTapClockTests {
  @Test func callsBackOncePerIntervalUntilDeliverSaysStop() throws {
    let microphone = SimulatedDevice(configuration: .init(microphone: .init(sampleRate: 16_000, tapFrames: 1600)))
      .microphone
    let times = Mutex<[Duration]>([])
    let report = try Simulation.run(TestSimulation.configuration("tap clock")) {
      let task = microphone.startTapClock(named: "test input") {
        _ = microphone.capture()
        return times.withLock { times in
          times.append(Simulation.current?.now ?? .zero)
          return times.count < 3
        }
      }
      await task.value
    }
    #expect(report.outcome == .finished)
    // 1600 frames at 16 kHz: a callback every 100 ms, the third the last.
    #expect(times.withLock { $0 } == [.milliseconds(100), .milliseconds(200), .milliseconds(300)])
    #expect(microphone.framesDelivered == 3 * 1600)
  }
}
