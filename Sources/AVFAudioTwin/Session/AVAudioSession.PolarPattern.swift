extension AVAudioSession {
  /// A microphone's directivity.
  public struct PolarPattern: RawRepresentable, Hashable, Sendable {
    /// The constant's string.
    public let rawValue: String
    /// Creates a pattern from its string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// All directions.
    public static let omnidirectional = PolarPattern(rawValue: "Omnidirectional")
    /// Heart-shaped: the front.
    public static let cardioid = PolarPattern(rawValue: "Cardioid")
    /// Between omnidirectional and cardioid.
    public static let subcardioid = PolarPattern(rawValue: "Subcardioid")
    /// Two channels from one data source.
    public static let stereo = PolarPattern(rawValue: "Stereo")
  }
}
