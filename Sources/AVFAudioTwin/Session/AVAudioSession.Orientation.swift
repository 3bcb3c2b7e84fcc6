extension AVAudioSession {
  /// Which way a data source (a microphone) faces.
  public struct Orientation: RawRepresentable, Hashable, Sendable {
    /// The constant's string.
    public let rawValue: String
    /// Creates an orientation from its string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Top.
    public static let top = Orientation(rawValue: "Top")
    /// Bottom.
    public static let bottom = Orientation(rawValue: "Bottom")
    /// Front (the screen side).
    public static let front = Orientation(rawValue: "Front")
    /// Back.
    public static let back = Orientation(rawValue: "Back")
    /// Left.
    public static let left = Orientation(rawValue: "Left")
    /// Right.
    public static let right = Orientation(rawValue: "Right")
  }
}
