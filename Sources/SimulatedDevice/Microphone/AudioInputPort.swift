public import AudioPCM

/// An audio input the simulated device can record from — what `AVAudioSession` reports as a port
/// (`availableInputs`, `currentRoute.inputs`): the built-in microphone, a wired headset, a Bluetooth
/// hands-free device…, each with its hardware format.
///
/// `portType` is Apple's string for `AVAudioSession.Port` (`"MicrophoneBuiltIn"`,
/// `"BluetoothHFP"`…); ``scenarioName`` is the Swift name a scenario file uses (`bluetoothHFP`).
public struct AudioInputPort: Sendable, Hashable, CustomStringConvertible {
  /// Apple's port type string (`AVAudioSession.Port.rawValue`).
  public var portType: String
  /// The name a user sees (`portName`).
  public var name: String
  /// A stable identifier (`uid`).
  public var uid: String
  /// The hardware sample rate while this port is the input.
  public var sampleRate: Double
  /// Hardware input channels (1 or 2).
  public var channelCount: Int
  /// The sample type the input delivers: `.float32` (deinterleaved, what built-in microphones give)
  /// or `.int16` (interleaved, as some USB and Bluetooth inputs deliver).
  public var sampleType: AudioFormat.SampleType

  /// Creates a port.
  public init(
    portType: String, name: String, uid: String, sampleRate: Double, channelCount: Int,
    sampleType: AudioFormat.SampleType = .float32
  ) {
    self.portType = portType
    self.name = name
    self.uid = uid
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    self.sampleType = sampleType
  }

  /// The Swift name of the port type (`builtInMic`), or the raw type for one not in ``known``.
  public var scenarioName: String { Self.known.first { $0.portType == portType }?.scenarioName ?? portType }

  /// `bluetoothHFP 16000 Hz 1 ch` (with ` Int16` for an input that delivers 16-bit integers).
  public var description: String {
    "\(scenarioName) \(Int(sampleRate)) Hz \(channelCount) ch\(sampleType == .float32 ? "" : " \(sampleType)")"
  }

  /// True for the device's own microphone.
  public var isBuiltIn: Bool { portType == Self.builtInMicType }

  /// Apple's string for the built-in microphone.
  public static let builtInMicType = "MicrophoneBuiltIn"

  /// The built-in microphone at a hardware format.
  public static func builtInMic(
    sampleRate: Double, channelCount: Int, sampleType: AudioFormat.SampleType = .float32
  ) -> AudioInputPort {
    AudioInputPort(
      portType: builtInMicType, name: "iPhone Microphone", uid: "Built-In Microphone", sampleRate: sampleRate,
      channelCount: channelCount, sampleType: sampleType)
  }

  /// A port of a known type with its usual format, unless `sampleRate` or `channelCount` say otherwise.
  /// - Parameters:
  ///   - scenarioName: The Swift name (`headsetMic`) or Apple's string (`MicrophoneWired`).
  ///   - sampleRate: The hardware rate, or nil for the type's usual one.
  ///   - channelCount: The channel count, or nil for the type's usual one.
  ///   - sampleType: The sample type, or nil for Float32 (every known type's usual one).
  /// - Returns: The port, or nil for an unknown type (``knownNames`` lists them).
  public static func named(
    _ scenarioName: String, sampleRate: Double? = nil, channelCount: Int? = nil,
    sampleType: AudioFormat.SampleType? = nil
  ) -> AudioInputPort? {
    guard let known = known.first(where: { $0.scenarioName == scenarioName || $0.portType == scenarioName }) else {
      return nil
    }
    return AudioInputPort(
      portType: known.portType, name: known.name, uid: known.uid, sampleRate: sampleRate ?? known.sampleRate,
      channelCount: channelCount ?? known.channelCount,
      sampleType: sampleType ?? .float32)
  }

  /// The Swift names of the known input port types, for error messages.
  public static var knownNames: [String] { known.map(\.scenarioName) }

  /// Input port types and their usual formats (twin decisions, see Documentation/Twins.md): a
  /// wired headset at 48 kHz mono, Bluetooth hands-free at 16 kHz mono (wide-band HFP), USB and
  /// line-in at 48 kHz stereo, CarPlay at 48 kHz mono.
  static let known:
    [(scenarioName: String, portType: String, name: String, uid: String, sampleRate: Double, channelCount: Int)] = [
      ("builtInMic", builtInMicType, "iPhone Microphone", "Built-In Microphone", 48_000, 1),
      ("headsetMic", "MicrophoneWired", "Headset Microphone", "Wired Microphone", 48_000, 1),
      ("bluetoothHFP", "BluetoothHFP", "Bluetooth Headset", "00:11:22:33:44:55-tsco", 16_000, 1),
      ("usbAudio", "USBAudio", "USB Audio Device", "USB Audio", 48_000, 2),
      ("carAudio", "CarAudio", "CarPlay", "CarAudio", 48_000, 1),
      ("lineIn", "LineIn", "Line In", "Line In", 48_000, 2),
    ]
}
