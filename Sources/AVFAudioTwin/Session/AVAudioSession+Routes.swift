import Foundation
import SimulatedDevice
import Simulation

extension AVAudioSession {
  /// The route now: the simulated device's current input (none when the category does not record)
  /// and the output that goes with it.
  public var currentRoute: AVAudioSessionRouteDescription {
    let input = device.microphone.currentInput
    if input.portType == Port.bluetoothHFP.rawValue { reportHFPWithoutOption() }
    return route(input: input)
  }

  /// The inputs the app may choose from: the device's connected inputs, without Bluetooth
  /// hands-free ones unless the category options include ``CategoryOptions/allowBluetoothHFP``;
  /// nil when the category does not record.
  public var availableInputs: [AVAudioSessionPortDescription]? {
    let (category, options) = lock.withLock { (state.category, state.options) }
    guard Self.records(category) else { return nil }
    return device.microphone.availableInputs
      .filter { $0.portType != Port.bluetoothHFP.rawValue || options.contains(.allowBluetoothHFP) }
      .map(port)
  }

  /// Whether any input is connected.
  public var isInputAvailable: Bool { !device.microphone.availableInputs.isEmpty }

  /// The input the app asked for, or nil.
  public var preferredInput: AVAudioSessionPortDescription? {
    let uid = lock.withLock { state.preferredInputUID }
    return uid.flatMap { uid in device.microphone.availableInputs.first { $0.uid == uid } }.map(port)
  }

  /// Asks for an input; an active session switches to it at once (a route change with reason
  /// `.override`), an inactive one when it is activated. Nil clears the preference.
  /// - Parameter inPort: One of ``availableInputs``, or nil.
  /// - Throws: `NSError` in `NSOSStatusErrorDomain` with code ``ErrorCode/badParam`` for a port that
  ///   is not available.
  public func setPreferredInput(_ inPort: AVAudioSessionPortDescription?) throws {
    guard let inPort else {
      lock.withLock { state.preferredInputUID = nil }
      Simulation.current?.trace.record(.sessionPreferredInput, ["uid": "none"])
      return
    }
    guard (availableInputs ?? []).contains(where: { $0.uid == inPort.uid }) else {
      throw Self.error(
        .badParam,
        "the input '\(inPort.portName)' (\(inPort.portType.rawValue)) is not in availableInputs; pick one of them (Bluetooth hands-free inputs need the .allowBluetoothHFP category option)"
      )
    }
    let active = lock.withLock { () -> Bool in
      state.preferredInputUID = inPort.uid
      return state.isActive
    }
    Simulation.current?.trace.record(.sessionPreferredInput, ["uid": inPort.uid])
    if active { try device.microphone.selectInput(uid: inPort.uid) }
  }

  /// Whether a category records.
  static func records(_ category: Category) -> Bool {
    category == .record || category == .playAndRecord || category == .multiRoute
  }

  /// The route with `input` as the input, for the category and options set now.
  func route(input: AudioInputPort) -> AVAudioSessionRouteDescription {
    let (category, options) = lock.withLock { (state.category, state.options) }
    let inputs = Self.records(category) ? [port(input)] : []
    let output: AVAudioSessionPortDescription? =
      switch input.portType {
      case _ where category == .record: nil
      case Port.headsetMic.rawValue:
        AVAudioSessionPortDescription(
          portType: .headphones, portName: "Headphones", uid: "Wired Headphones", channelCount: 2, dataSources: nil)
      case Port.bluetoothHFP.rawValue, Port.usbAudio.rawValue, Port.carAudio.rawValue:
        AVAudioSessionPortDescription(
          portType: Port(rawValue: input.portType), portName: input.name, uid: input.uid, channelCount: 1,
          dataSources: nil)
      case _ where category == .playAndRecord && !options.contains(.defaultToSpeaker):
        AVAudioSessionPortDescription(
          portType: .builtInReceiver, portName: "Receiver", uid: "Built-In Receiver", channelCount: 1, dataSources: nil)
      default:
        AVAudioSessionPortDescription(
          portType: .builtInSpeaker, portName: "Speaker", uid: "Speaker", channelCount: 2, dataSources: nil)
      }
    return AVAudioSessionRouteDescription(inputs: inputs, outputs: output.map { [$0] } ?? [])
  }

  /// The description of an input port, made once per uid and format so data-source choices persist.
  func port(_ input: AudioInputPort) -> AVAudioSessionPortDescription {
    lock.withLock {
      if let known = state.ports[input.uid], known.channels?.count == input.channelCount { return known }
      let description = AVAudioSessionPortDescription(
        portType: Port(rawValue: input.portType), portName: input.name, uid: input.uid,
        channelCount: input.channelCount,
        dataSources: input.isBuiltIn ? Self.builtInDataSources() : nil)
      state.ports[input.uid] = description
      return description
    }
  }

  /// An iPhone's three microphones.
  private static func builtInDataSources() -> [AVAudioSessionDataSourceDescription] {
    [
      AVAudioSessionDataSourceDescription(
        id: 1_835_216_946, name: "Bottom", location: .lower, orientation: .bottom, patterns: [.omnidirectional]),
      AVAudioSessionDataSourceDescription(
        id: 1_835_216_945, name: "Front", location: .upper, orientation: .front,
        patterns: [.omnidirectional, .cardioid, .subcardioid]),
      AVAudioSessionDataSourceDescription(
        id: 1_835_216_947, name: "Back", location: .upper, orientation: .back,
        patterns: [.omnidirectional, .cardioid, .subcardioid]),
    ]
  }

  /// A Bluetooth hands-free route while the session did not allow it: on a device the input would
  /// have stayed on the built-in microphone.
  private func reportHFPWithoutOption() {
    let report = lock.withLock { () -> Bool in
      guard Self.records(state.category), !state.options.contains(.allowBluetoothHFP), !state.reportedHFPWithoutOption
      else { return false }
      state.reportedHFPWithoutOption = true
      return true
    }
    if report {
      device.diagnose(
        "AVAudioSession",
        "the route's input is a Bluetooth hands-free device, but the session's category options lack .allowBluetoothHFP; on a device the input would stay on the built-in microphone and the headset would not appear in availableInputs."
      )
    }
  }
}
