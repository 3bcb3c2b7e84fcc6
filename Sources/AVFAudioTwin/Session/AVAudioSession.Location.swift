extension AVAudioSession {
  /// Where a data source (a microphone) sits on the device.
  public struct Location: RawRepresentable, Hashable, Sendable {
    /// The constant's string.
    public let rawValue: String
    /// Creates a location from its string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The lower part of the device.
    public static let lower = Location(rawValue: "Lower")
    /// The upper part of the device.
    public static let upper = Location(rawValue: "Upper")
  }
}
