/// A half-open span of time `[start, start + duration)` — the twin of Core Media's `CMTimeRange`.
///
/// The range contains its start but not its end: `containsTime(range.end)` is always false, which is
/// what code that walks consecutive speech results relies on (one result ends where the next begins).
public struct CMTimeRange: Sendable, Hashable, Codable {
  /// The first time in the range.
  public var start: CMTime
  /// The length; a valid range has a non-negative duration in epoch 0.
  public var duration: CMTime

  /// Creates a range from a start and a duration.
  public init(start: CMTime, duration: CMTime) {
    self.start = start
    self.duration = duration
  }

  /// Creates the range from `start` up to, not including, `end`.
  public init(start: CMTime, end: CMTime) {
    self.init(start: start, duration: end - start)
  }

  /// Creates an empty range at zero, as Core Media's `init()` does.
  public init() {
    self.init(start: .zero, duration: .zero)
  }

  /// The empty range at zero.
  public static let zero = CMTimeRange()
  /// The invalid range: both times invalid.
  public static let invalid = CMTimeRange(start: .invalid, duration: .invalid)

  /// `start + duration`, the first time after the range.
  public var end: CMTime { isValid ? start + duration : .invalid }

  /// True when start and duration are valid, the duration is in epoch 0 and not negative.
  public var isValid: Bool {
    start.isValid && duration.isValid && duration.epoch == 0 && !(duration < .zero)
  }

  /// True for a valid range of zero duration.
  public var isEmpty: Bool { isValid && duration == .zero }

  /// True for a valid range whose start or duration is indefinite.
  public var isIndefinite: Bool { isValid && (start.isIndefinite || duration.isIndefinite) }

  /// Whether `time` lies in `[start, end)`.
  public func containsTime(_ time: CMTime) -> Bool {
    isValid && time >= start && time < end
  }

  /// Whether `range` lies entirely inside this range.
  public func containsTimeRange(_ range: CMTimeRange) -> Bool {
    isValid && range.isValid && range.start >= start && range.end <= end
  }

  /// The largest range both ranges include; ``zero`` when they do not overlap (decision: Core Media
  /// does not document the disjoint case; this twin returns the empty range at zero).
  public func intersection(_ otherRange: CMTimeRange) -> CMTimeRange {
    guard isValid, otherRange.isValid else { return .invalid }
    let lower = Swift.max(start, otherRange.start)
    let upper = Swift.min(end, otherRange.end)
    return lower < upper ? CMTimeRange(start: lower, end: upper) : .zero
  }

  /// The smallest range that includes both ranges.
  public func union(_ otherRange: CMTimeRange) -> CMTimeRange {
    guard isValid, otherRange.isValid else { return .invalid }
    return CMTimeRange(start: Swift.min(start, otherRange.start), end: Swift.max(end, otherRange.end))
  }
}

extension CMTimeRange: CustomStringConvertible {
  /// `{start, duration}` in `CMTimeShow` form.
  public var description: String { "{\(start), \(duration)}" }
}
