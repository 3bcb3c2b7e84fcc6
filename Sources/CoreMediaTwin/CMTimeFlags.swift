/// Flag bits of a ``CMTime``, with Core Media's names and bit values.
///
/// A time is valid only with ``valid`` set; the infinity and indefinite flags qualify a valid time
/// that has no numeric value.
public struct CMTimeFlags: OptionSet, Sendable, Hashable, Codable {
  public let rawValue: UInt32

  /// Creates flags from their raw bit pattern.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The time is valid; without it every other flag is meaningless.
  public static let valid = CMTimeFlags(rawValue: 1 << 0)
  /// The value was rounded when the time was converted to its timescale.
  public static let hasBeenRounded = CMTimeFlags(rawValue: 1 << 1)
  /// The time is positive infinity.
  public static let positiveInfinity = CMTimeFlags(rawValue: 1 << 2)
  /// The time is negative infinity.
  public static let negativeInfinity = CMTimeFlags(rawValue: 1 << 3)
  /// The time is indefinite (unknown), for example the duration of a live stream.
  public static let indefinite = CMTimeFlags(rawValue: 1 << 4)
  /// The flags that make a time non-numeric.
  public static let impliedValueFlagsMask: CMTimeFlags = [.positiveInfinity, .negativeInfinity, .indefinite]
}
