#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  // The session's deprecated record-permission API and `AVAudioSession()`, on the simulated device.
  import AVFAudioTwin
  import Foundation
  import Simulation
  import SimulatedDevice
  import Testing

  @Suite(.serialized) struct AVAudioSessionPermissionTests {
    static func run<T: Sendable>(
      _ name: String, _ device: SimulatedDevice, _ body: @escaping @Sendable () async throws -> T
    ) throws -> T {
      try SimulatedDevice.withDevice(device) {
        try Simulation.run(.init(name: name, exclusivity: .waitForTurn(timeout: .seconds(120)))) { try await body() }
      }.value!
    }

    @Test func rawValuesAreApplesFourCharacterCodesAsInAVAudioApplication() {
      #expect(AVAudioSession.RecordPermission.undetermined.rawValue == 0x756E_6474)  // 'undt'
      #expect(AVAudioSession.RecordPermission.denied.rawValue == 0x6465_6E79)  // 'deny'
      #expect(AVAudioSession.RecordPermission.granted.rawValue == 0x6772_6E74)  // 'grnt'
      for state in [AVAudioSession.RecordPermission.undetermined, .denied, .granted] {
        #expect(AVAudioApplication.recordPermission(rawValue: Int(state.rawValue)) != nil)
      }
    }

    @Test func anUndeterminedPermissionIsAskedAndTheAnswerComesLaterFromATask() throws {
      let device = SimulatedDevice(
        configuration: .init(recordPermission: .init(state: .undetermined, answersRequestWith: false)))
      let (before, calledBeforeReturn, granted, after) = try Self.run("session permission", device) {
        let session = AVAudioSession.sharedInstance()
        let before = session.recordPermission
        let answer = Answer()
        let granted = await withCheckedContinuation { continuation in
          session.requestRecordPermission { granted in
            answer.value = granted
            continuation.resume(returning: granted)
          }
          answer.calledBeforeReturn = answer.value != nil
        }
        return (before, answer.calledBeforeReturn, granted, session.recordPermission)
      }
      #expect(before == .undetermined)
      #expect(
        !calledBeforeReturn, "an undetermined permission is answered after the (simulated) alert, not inside the call")
      #expect(!granted)
      #expect(after == .denied)
      #expect(device.recordPermission == .denied)
    }

    @Test func aDecidedPermissionAnswersBeforeTheCallReturns() throws {
      let device = SimulatedDevice(configuration: .init(recordPermission: .init(state: .granted)))
      let (calledBeforeReturn, granted) = try Self.run("session permission decided", device) {
        let answer = Answer()
        AVAudioSession.sharedInstance().requestRecordPermission { answer.value = $0 }
        return (answer.value != nil, answer.value ?? false)
      }
      #expect(calledBeforeReturn)
      #expect(granted)
      // A permission the user changes in Settings is read again.
      device.recordPermission = .denied
      #expect(
        try Self.run("session permission read", device) { AVAudioSession.sharedInstance().recordPermission } == .denied)
    }

    @Test func aSessionMadeWithInitIsAnotherObjectOnTheSameHardwareAndIsDiagnosed() throws {
      let device = SimulatedDevice(configuration: .init(microphone: .init(sampleRate: 44_100)))
      let (distinct, rate, sharedCategory, ownCategory) = try Self.run("session init", device) {
        let own = AVAudioSession()
        try own.setCategory(.record, mode: .measurement)
        let shared = AVAudioSession.sharedInstance()
        return (own !== shared, own.sampleRate, shared.category, own.category)
      }
      #expect(distinct)
      #expect(rate == 44_100)
      #expect(ownCategory == .record)
      #expect(
        sharedCategory == .soloAmbient, "the shared session does not see a category set on another session object")
      #expect(device.diagnostics.contains { $0.subject == "AVAudioSession" && $0.message.contains("sharedInstance()") })
    }
  }

  /// What a permission block saw, set from the block.
  private final class Answer: @unchecked Sendable {
    var value: Bool?
    var calledBeforeReturn = false
  }
#endif
