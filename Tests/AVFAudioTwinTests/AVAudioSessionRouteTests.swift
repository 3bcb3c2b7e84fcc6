#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  // The session's routes and ports follow the simulated device's inputs. These need the simulated
  // device, so they do not compile against Apple's frameworks.
  import AVFAudioTwin
  import Foundation
  import Simulation
  import SimulatedDevice
  import SpeechReplayTestSupport
  import Testing

  /// Route-change notifications as the tests see them.
  final class RouteRecorder: @unchecked Sendable {
    var reasons: [UInt] = []
    var previousInputs: [String] = []
  }

  @Suite(.serialized) struct AVAudioSessionRouteTests {
    static func run<T: Sendable>(
      _ name: String, _ device: SimulatedDevice, _ body: @escaping @Sendable () async throws -> T
    ) throws -> T {
      try SimulatedDevice.withDevice(device) {
        try Simulation.run(TestSimulation.configuration(name, seed: 0)) { try await body() }
      }.value!
    }

    static func observe(_ recorder: RouteRecorder) -> any NSObjectProtocol {
      NotificationCenter.default.addObserver(
        forName: AVAudioSession.routeChangeNotification, object: AVAudioSession.sharedInstance(), queue: nil
      ) { note in
        recorder.reasons.append(note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt ?? 99)
        let previous = note.userInfo?[AVAudioSessionRouteChangePreviousRouteKey] as? AVAudioSessionRouteDescription
        recorder.previousInputs.append(previous?.inputs.first?.portType.rawValue ?? "none")
      }
    }

    @Test func theDefaultRouteIsTheBuiltInMicrophoneWhenTheCategoryRecords() throws {
      let summary = try Self.run("default route", SimulatedDevice()) {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.soloAmbient, mode: .default)
        let silentInputs = session.currentRoute.inputs.count
        try session.setCategory(.playAndRecord, mode: .measurement, options: [.defaultToSpeaker, .allowBluetoothHFP])
        let route = session.currentRoute
        let input = route.inputs.first
        return [
          String(silentInputs), input?.portType.rawValue ?? "-", input?.portName ?? "-",
          String(input?.channels?.count ?? 0),
          route.outputs.first?.portType.rawValue ?? "-", String(session.availableInputs?.count ?? 0),
          String(session.sampleRate),
          String(session.inputNumberOfChannels),
        ]
      }
      #expect(summary == ["0", "MicrophoneBuiltIn", "iPhone Microphone", "1", "Speaker", "1", "48000.0", "1"])
    }

    @Test func aBluetoothHeadsetBecomesTheRouteAndTheNotificationCarriesThePreviousRoute() throws {
      let device = SimulatedDevice()
      let recorder = RouteRecorder()
      let summary = try Self.run("bluetooth", device) {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playAndRecord, mode: .measurement, options: [.allowBluetoothHFP])
        try session.setActive(true)
        let observer = Self.observe(recorder)
        defer { NotificationCenter.default.removeObserver(observer) }
        try device.changeRoute(to: "bluetoothHFP")
        let route = session.currentRoute
        return [
          route.inputs.first?.portType.rawValue ?? "-", route.outputs.first?.portType.rawValue ?? "-",
          String(session.sampleRate),
          session.availableInputs?.map(\.portType.rawValue).joined(separator: ",") ?? "-",
        ]
      }
      #expect(summary == ["BluetoothHFP", "BluetoothHFP", "16000.0", "MicrophoneBuiltIn,BluetoothHFP"])
      #expect(recorder.reasons == [AVAudioSession.RouteChangeReason.newDeviceAvailable.rawValue])
      #expect(recorder.previousInputs == ["MicrophoneBuiltIn"])
    }

    @Test func withoutTheHFPOptionTheHeadsetIsNotAnAvailableInputAndADiagnosticSaysSo() throws {
      let device = SimulatedDevice()
      let available = try Self.run("no hfp option", device) {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playAndRecord, mode: .measurement, options: [])
        try device.changeRoute(to: "bluetoothHFP")
        _ = session.currentRoute
        return session.availableInputs?.map(\.portType.rawValue) ?? []
      }
      #expect(available == ["MicrophoneBuiltIn"])
      #expect(device.diagnostics.contains { $0.message.contains(".allowBluetoothHFP") })
    }

    @Test func choosingAnInputSwitchesTheRouteWithReasonOverrideAndUnpluggingFallsBack() throws {
      let device = SimulatedDevice()
      let recorder = RouteRecorder()
      let summary = try Self.run("prefer input", device) {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.record, mode: .default)
        try session.setActive(true)
        try device.changeRoute(to: "headsetMic")
        let observer = Self.observe(recorder)
        defer { NotificationCenter.default.removeObserver(observer) }
        let builtIn = try #require(session.availableInputs?.first { $0.portType == .builtInMic })
        try session.setPreferredInput(builtIn)
        let afterPreference = session.currentRoute.inputs.first?.portType.rawValue ?? "-"
        let headset = try #require(session.availableInputs?.first { $0.portType == .headsetMic })
        try session.setPreferredInput(headset)
        try device.changeRoute(to: "builtInMic")
        return [
          afterPreference, session.preferredInput?.portType.rawValue ?? "none",
          session.availableInputs?.map(\.portType.rawValue).joined(separator: ",") ?? "-",
        ]
      }
      #expect(summary == ["MicrophoneBuiltIn", "none", "MicrophoneBuiltIn"])
      #expect(
        recorder.reasons == [
          AVAudioSession.RouteChangeReason.override.rawValue, AVAudioSession.RouteChangeReason.override.rawValue,
          AVAudioSession.RouteChangeReason.oldDeviceUnavailable.rawValue,
        ])
      #expect(recorder.previousInputs == ["MicrophoneWired", "MicrophoneBuiltIn", "MicrophoneWired"])
    }

    @Test func anInputThatIsNotAvailableIsRefusedWithBadParam() throws {
      let device = SimulatedDevice()
      let code = try Self.run("unavailable input", device) {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playAndRecord, mode: .default, options: [.allowBluetoothHFP])
        try device.changeRoute(to: "bluetoothHFP")
        let headset = try #require(session.availableInputs?.first { $0.portType == .bluetoothHFP })
        try device.changeRoute(to: "builtInMic")
        do {
          try session.setPreferredInput(headset)
          return 0
        } catch let error as NSError {
          return error.code
        }
      }
      #expect(code == AVAudioSession.ErrorCode.badParam.rawValue)
    }

    @Test func theBuiltInMicrophoneHasDataSourcesWithPolarPatterns() throws {
      let summary = try Self.run("data sources", SimulatedDevice()) {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.record, mode: .measurement)
        let port = try #require(session.availableInputs?.first)
        let front = try #require(port.dataSources?.first { $0.orientation == .front })
        try front.setPreferredPolarPattern(.cardioid)
        try port.setPreferredDataSource(front)
        var refused = false
        do { try (port.dataSources?.first { $0.orientation == .bottom })?.setPreferredPolarPattern(.cardioid) } catch {
          refused = true
        }
        let again = try #require(session.currentRoute.inputs.first)
        return [
          port.dataSources?.map(\.dataSourceName).joined(separator: ",") ?? "-",
          again.selectedDataSource?.dataSourceName ?? "-",
          again.selectedDataSource?.selectedPolarPattern?.rawValue ?? "-", String(refused),
        ]
      }
      #expect(summary == ["Bottom,Front,Back", "Front", "Cardioid", "true"])
    }

    @Test func preferredValuesAreKeptAndTheHardwareKeepsItsRate() throws {
      let summary = try Self.run("preferences", SimulatedDevice()) {
        let session = AVAudioSession.sharedInstance()
        try session.setPreferredSampleRate(16_000)
        try session.setPreferredIOBufferDuration(0.01)
        var refused = false
        do { try session.setPreferredSampleRate(-1) } catch { refused = true }
        return [
          session.preferredSampleRate, session.sampleRate, session.preferredIOBufferDuration, session.ioBufferDuration,
          refused ? 1 : 0,
        ]
      }
      #expect(summary == [16_000, 48_000, 0.01, 0.01, 1])
    }
  }
#endif
