import AudioPCM
import SimulatedDevice
import Testing

/// Collects microphone events; the tests run on one thread.
final class EventLog: @unchecked Sendable {
  var changes: [Microphone.RouteChange] = []
}

@Suite struct MicrophoneRouteTests {
  static func observe(_ microphone: Microphone, into log: EventLog) -> Microphone.Observation {
    microphone.observe(as: .session) { event in
      if case .routeChanged(_, _, let change) = event { log.changes.append(change) }
    }
  }

  @Test func theDeviceStartsOnItsBuiltInMicrophoneAtTheConfiguredFormat() {
    let device = SimulatedDevice(configuration: .init(microphone: .init(sampleRate: 44_100, channelCount: 2)))
    #expect(device.microphone.currentInput == .builtInMic(sampleRate: 44_100, channelCount: 2))
    #expect(device.microphone.availableInputs.map(\.scenarioName) == ["builtInMic"])
  }

  @Test func aNamedPortBecomesTheRouteWithItsUsualFormatAndUnpluggingFallsBack() throws {
    let device = SimulatedDevice()
    let log = EventLog()
    let observation = Self.observe(device.microphone, into: log)
    defer { observation.cancel() }
    try device.changeRoute(to: "bluetoothHFP")
    #expect(device.microphone.hardwareFormat.sampleRate == 16_000)
    #expect(device.microphone.tapFrames == 1_600)
    #expect(device.microphone.availableInputs.map(\.scenarioName) == ["builtInMic", "bluetoothHFP"])
    try device.changeRoute(to: "builtInMic")
    #expect(device.microphone.hardwareFormat.sampleRate == 48_000)
    #expect(device.microphone.availableInputs.map(\.scenarioName) == ["builtInMic"])
    #expect(log.changes.map(\.reason) == [.newDeviceAvailable, .oldDeviceUnavailable])
    #expect(log.changes.map(\.previousInput.scenarioName) == ["builtInMic", "bluetoothHFP"])
  }

  @Test func aFormatOnlyRouteChangeMovesFromTheBuiltInMicrophoneToAHeadset() throws {
    let device = SimulatedDevice()
    let log = EventLog()
    let observation = Self.observe(device.microphone, into: log)
    defer { observation.cancel() }
    try device.changeRoute(sampleRate: 16_000, channelCount: 1)
    try device.changeRoute(sampleRate: 24_000, channelCount: 1)
    #expect(device.microphone.currentInput.scenarioName == "headsetMic")
    #expect(device.microphone.currentInput.sampleRate == 24_000)
    #expect(log.changes.map(\.reason) == [.newDeviceAvailable, .routeConfigurationChange])
  }

  @Test func selectingAnInputSwitchesWithReasonOverride() throws {
    let device = SimulatedDevice()
    let log = EventLog()
    let observation = Self.observe(device.microphone, into: log)
    defer { observation.cancel() }
    try device.changeRoute(to: "usbAudio")
    try device.microphone.selectInput(uid: AudioInputPort.builtInMic(sampleRate: 48_000, channelCount: 1).uid)
    #expect(device.microphone.currentInput.isBuiltIn)
    #expect(log.changes.last?.reason == .override)
    #expect(throws: MicrophoneError.self) { try device.microphone.selectInput(uid: "nothing") }
  }

  @Test func anUnknownPortIsAnErrorThatListsTheKnownOnes() {
    let device = SimulatedDevice()
    #expect {
      try device.changeRoute(to: "walkieTalkie")
    } throws: { error in
      (error as? MicrophoneError)?.message.contains("bluetoothHFP") == true
    }
  }
}
