/// How a ``CMTime`` value is rounded when it moves to another timescale (Core Media's raw values).
public enum CMTimeRoundingMethod: UInt32, Sendable, Hashable, CaseIterable {
  /// Round to the nearest value; halves go away from zero.
  case roundHalfAwayFromZero = 1
  /// Truncate toward zero.
  case roundTowardZero = 2
  /// Round away from zero.
  case roundAwayFromZero = 3
  /// QuickTime's method: toward zero when scaling down, away from zero otherwise.
  case quickTime = 4
  /// Round toward positive infinity.
  case roundTowardPositiveInfinity = 5
  /// Round toward negative infinity.
  case roundTowardNegativeInfinity = 6

  /// The method Core Media uses when none is given.
  public static let `default`: CMTimeRoundingMethod = .roundHalfAwayFromZero
}
