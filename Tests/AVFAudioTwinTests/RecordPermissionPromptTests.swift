#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  // A first launch: the record permission is undetermined and the user answers the system's prompt
  // after a while. These need the simulation, so they do not compile against Apple's frameworks.
  import AVFAudioTwin
  import Foundation
  import Simulation
  import SimulatedDevice
  import SpeechReplayTestSupport
  import Testing

  @Suite struct RecordPermissionPromptTests {
    private static func firstLaunch(answer: Bool, after: Duration) -> SimulatedDevice {
      SimulatedDevice(
        configuration: .init(
          recordPermission: .init(state: .undetermined, answersRequestWith: answer, answersAfter: after)))
    }

    private static func run<T: Sendable>(
      _ device: SimulatedDevice, _ body: @escaping @Sendable () async throws -> T
    ) throws -> Simulation.Report<T> {
      try SimulatedDevice.withDevice(device) {
        try Simulation.run(TestSimulation.configuration("permission prompt")) { try await body() }
      }
    }

    @Test func thePromptIsAnsweredAfterItsDelay() throws {
      let device = Self.firstLaunch(answer: true, after: .milliseconds(1500))
      let report = try Self.run(device) { () async -> [String] in
        var seen = ["\(AVAudioApplication.shared.recordPermission)"]
        let granted = await AVAudioApplication.requestRecordPermission()
        seen.append("\(granted) at \(Simulation.current?.now ?? .zero)")
        seen.append("\(AVAudioApplication.shared.recordPermission)")
        return seen
      }
      #expect(report.value == ["undetermined", "true at 1.5 seconds", "granted"])
      #expect(report.trace.contains { $0.kind == TraceEvent.Kind.devicePermissionPrompt && $0["answer"] == "grant" })
    }

    @Test func aDenialComesThroughTheCompletionHandlerAfterTheDelay() throws {
      let device = Self.firstLaunch(answer: false, after: .seconds(1))
      let report = try Self.run(device) { () async -> String in
        let granted = await withCheckedContinuation { continuation in
          AVAudioApplication.requestRecordPermission { continuation.resume(returning: $0) }
        }
        return "\(granted) at \(Simulation.current?.now ?? .zero)"
      }
      #expect(report.value == "false at 1.0 seconds")
      #expect(device.recordPermission == .denied)
    }

    @Test func aSecondRequestWhileThePromptShowsGetsTheSameAnswer() throws {
      let device = Self.firstLaunch(answer: true, after: .seconds(2))
      let report = try Self.run(device) { () async -> [String] in
        async let first = AVAudioApplication.requestRecordPermission()
        let clock = Simulation.current!.clock
        try? await clock.sleep(until: clock.now.advanced(by: .milliseconds(500)))
        let second = await AVAudioApplication.requestRecordPermission()
        let now = Simulation.current?.now ?? .zero
        return ["\(await first)", "\(second) at \(now)"]
      }
      #expect(report.value == ["true", "true at 2.0 seconds"])
      #expect(report.trace.filter { $0.kind == TraceEvent.Kind.devicePermissionPrompt }.count == 1)
    }

    @Test func aDecidedPermissionAnswersAtOnceWhateverTheDelay() throws {
      let device = SimulatedDevice(
        configuration: .init(
          recordPermission: .init(state: .denied, answersRequestWith: true, answersAfter: .seconds(3))))
      let report = try Self.run(device) { () async -> String in
        let granted = await AVAudioApplication.requestRecordPermission()
        return "\(granted) at \(Simulation.current?.now ?? .zero)"
      }
      #expect(report.value == "false at 0.0 seconds")
    }
  }
#endif
