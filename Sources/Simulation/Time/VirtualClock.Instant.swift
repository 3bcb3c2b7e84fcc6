extension VirtualClock {
  /// A point in virtual time: the duration since the run started.
  public struct Instant: InstantProtocol, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Time since the start of the run.
    public var offset: Duration

    /// Creates an instant.
    /// - Parameter offset: Time since the start of the run.
    public init(offset: Duration) { self.offset = offset }

    /// The start of a run.
    public static let zero = Instant(offset: .zero)

    /// The instant `duration` later.
    /// - Parameter duration: How far to move.
    /// - Returns: The moved instant.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The duration from this instant to `other`.
    /// - Parameter other: The later instant.
    /// - Returns: `other - self`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

    public var description: String { "virtual \(VirtualTimeFormat.string(offset))s" }
  }
}
