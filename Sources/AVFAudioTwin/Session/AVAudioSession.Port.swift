extension AVAudioSession {
  /// A kind of audio input or output port, with Apple's string constants.
  public struct Port: RawRepresentable, Hashable, Sendable {
    /// The constant's string.
    public let rawValue: String
    /// Creates a port type from its string.
    /// - Parameter rawValue: The constant's string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a port type from its string.
    /// - Parameter rawValue: The constant's string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    // Inputs
    /// The built-in microphone.
    public static let builtInMic = Port(rawValue: "MicrophoneBuiltIn")
    /// A wired headset's microphone.
    public static let headsetMic = Port(rawValue: "MicrophoneWired")
    /// A line-level input on the dock connector.
    public static let lineIn = Port(rawValue: "LineIn")
    // Outputs
    /// The speaker at the ear.
    public static let builtInReceiver = Port(rawValue: "Receiver")
    /// The built-in speaker.
    public static let builtInSpeaker = Port(rawValue: "Speaker")
    /// Wired headphones.
    public static let headphones = Port(rawValue: "Headphones")
    /// A line-level output on the dock connector.
    public static let lineOut = Port(rawValue: "LineOut")
    /// HDMI output.
    public static let HDMI = Port(rawValue: "HDMI")
    /// AirPlay output.
    public static let airPlay = Port(rawValue: "AirPlay")
    /// Bluetooth A2DP output.
    public static let bluetoothA2DP = Port(rawValue: "BluetoothA2DPOutput")
    /// Bluetooth Low Energy output.
    public static let bluetoothLE = Port(rawValue: "BluetoothLEOutput")
    // Inputs and outputs
    /// A Bluetooth hands-free device (input and output).
    public static let bluetoothHFP = Port(rawValue: "BluetoothHFP")
    /// A USB audio device.
    public static let usbAudio = Port(rawValue: "USBAudio")
    /// CarPlay.
    public static let carAudio = Port(rawValue: "CarAudio")
  }
}
