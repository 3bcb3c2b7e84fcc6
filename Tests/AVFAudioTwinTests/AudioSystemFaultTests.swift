#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  // The audio system's failure modes (`audioSystem:` steps) as the twins show them to an app:
  // errors, which objects stop or become invalid, which notifications post and in what order.
  import AVFAudioTwin
  import AVFAudioTwinTapAPI
  import Foundation
  import Simulation
  import SimulatedDevice
  import Testing
  import SpeechReplayTestSupport

  @Suite(.serialized) struct AudioSystemFaultTests {
    /// The names of the audio notifications an app can observe, in the order they post.
    static let observed: [Notification.Name] = [
      .AVAudioEngineConfigurationChange, AVAudioSession.interruptionNotification,
      AVAudioSession.routeChangeNotification, AVAudioSession.didBecomeInactiveNotification,
      AVAudioSession.mediaServicesWereLostNotification, AVAudioSession.mediaServicesWereResetNotification,
    ]

    /// Runs `body` on a new device with a running, tapped engine, recording every observed notification.
    static func withRunningEngine(
      _ name: String, _ body: @escaping @Sendable (SimulatedDevice, AVAudioEngine, Recorder) async throws -> Void
    ) throws -> Recorder {
      let device = SimulatedDevice()
      let recorder = Recorder()
      _ = try SimulatedDevice.withDevice(device) {
        try Simulation.run(TestSimulation.configuration(name)) {
          let engine = AVAudioEngine()
          let observers = observed.map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
              recorder.notifications.append(note.name.rawValue)
              recorder.userInfos.append(note.userInfo ?? [:])
            }
          }
          defer { for observer in observers { NotificationCenter.default.removeObserver(observer) } }
          engine.inputNode.installTap(onBus: 0, bufferSize: 4800, format: nil) { buffer, _ in
            recorder.calls.append(
              TapCall(frames: Int(buffer.frameLength), sampleRate: 0, sampleTime: 0, hostTime: 0, samples: []))
          }
          try AVAudioSession.sharedInstance().setCategory(.record, mode: .measurement)
          try AVAudioSession.sharedInstance().setActive(true)
          try engine.start()
          try await Task.sleep(for: .milliseconds(250))
          try await body(device, engine, recorder)
        }
      }
      return recorder
    }

    @Test func anActivationFailureThrowsOnceWithTheCodeAndLeavesTheSessionInactive() throws {
      let device = SimulatedDevice()
      let outcome = try SimulatedDevice.withDevice(device) {
        try Simulation.run(TestSimulation.configuration("activation")) { () -> [String] in
          device.microphone.inject(.activationFails(.insufficientPriority))
          let session = AVAudioSession.sharedInstance()
          var seen: [String] = []
          do {
            try session.setActive(true)
            seen.append("activated")
          } catch let error as NSError {
            seen.append("\(error.domain) \(error.code)")
          }
          seen.append(AVAudioSession.activity(on: device)?.isActive == true ? "active" : "inactive")
          try session.setActive(true)
          seen.append(AVAudioSession.activity(on: device)?.isActive == true ? "active" : "inactive")
          return seen
        }
      }
      #expect(outcome.value == ["\(NSOSStatusErrorDomain) 561017449", "inactive", "active"])
      #expect(AVAudioSession.ErrorCode(rawValue: 561_017_449) == .insufficientPriority)
    }

    @Test func aConfigurationChangeStopsTheEngineKeepsTheTapAndPostsOnlyTheEngineNotification() throws {
      let recorder = try Self.withRunningEngine("configuration") { device, engine, recorder in
        let format = engine.inputNode.outputFormat(forBus: 0)
        device.microphone.inject(.configurationChange)
        #expect(!engine.isRunning)
        #expect(engine.inputNode.outputFormat(forBus: 0) == format)
        let before = recorder.calls.count
        try engine.start()  // the tap is still installed: buffers come again
        try await Task.sleep(for: .milliseconds(250))
        #expect(recorder.calls.count > before)
        engine.stop()
      }
      #expect(recorder.notifications == [Notification.Name.AVAudioEngineConfigurationChange.rawValue])
    }

    @Test func aMediaServicesResetInvalidatesOldEnginesAndResetsTheCategory() throws {
      let recorder = try Self.withRunningEngine("media services") { device, engine, recorder in
        device.microphone.inject(.mediaServicesReset)
        #expect(!engine.isRunning)
        let session = AVAudioSession.sharedInstance()
        #expect(session.category == .soloAmbient)
        #expect(AVAudioSession.activity(on: device)?.isActive == false)
        #expect(throws: NSError.self) { try engine.start() }
        #expect(device.diagnostics.contains { $0.message.contains("made before the media services were reset") })
        let fresh = AVAudioEngine()
        try session.setActive(true)
        try fresh.start()
        #expect(fresh.isRunning)
        fresh.stop()
      }
      #expect(
        recorder.notifications == [
          AVAudioSession.mediaServicesWereLostNotification.rawValue,
          AVAudioSession.mediaServicesWereResetNotification.rawValue,
        ])
    }

    @Test func aSystemDeactivationPostsOnlyThe27NotificationWithASystemSource() throws {
      let recorder = try Self.withRunningEngine("system deactivation") { device, engine, _ in
        device.microphone.inject(.systemDeactivation)
        #expect(!engine.isRunning)
        #expect(AVAudioSession.activity(on: device)?.isActive == false)
      }
      #expect(recorder.notifications == [AVAudioSession.didBecomeInactiveNotification.rawValue])
      let context =
        recorder.userInfos.first?[AVAudioSession.deactivationContextKey] as? AVAudioSession.DeactivationContext
      #expect(context?.source == .system)
      #expect(context?.interruptionContext == nil)
    }
  }
#endif
