// Core Media's C-style functions, for code written against them (`CMTimeMake`, `CMTimeAdd`, ...).
// Each one is a thin alias of the Swift member that implements it.

/// A valid time of `value / timescale` seconds (`CMTime(value:timescale:)`).
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }

/// The time closest to `seconds` in `preferredTimescale`.
public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: Int32) -> CMTime {
  CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

/// The time in seconds (NaN for invalid or indefinite times).
public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }

/// -1, 0 or 1, in Core Media's total order.
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 { CMTime.compare(time1, time2) }

/// The sum of two times.
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs + rhs }

/// The difference of two times.
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs - rhs }

/// The time multiplied by an integer.
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime { time * multiplier }

/// The time multiplied by a floating-point factor.
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Double) -> CMTime { time * multiplier }

/// The time in another timescale.
public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
  time.convertScale(newTimescale, method: method)
}

/// The smaller of two times.
public func CMTimeMinimum(_ time1: CMTime, _ time2: CMTime) -> CMTime { min(time1, time2) }

/// The larger of two times.
public func CMTimeMaximum(_ time1: CMTime, _ time2: CMTime) -> CMTime { max(time1, time2) }

/// A range from a start and a duration.
public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange {
  CMTimeRange(start: start, duration: duration)
}

/// A range from a start and an end (`CMTimeRange(start:end:)`).
public func CMTimeRangeFromTimeToTime(start: CMTime, end: CMTime) -> CMTimeRange {
  CMTimeRange(start: start, end: end)
}

/// The absolute value of a time (negative infinity becomes positive infinity).
public func CMTimeAbsoluteValue(_ time: CMTime) -> CMTime { time < .zero ? -time : time }

/// The time in `range` nearest to `time`: `time` itself inside the range, the start before it, the
/// end after it (Core Media returns the end although the range is half-open); invalid for an
/// invalid time, an invalid range or an empty one.
public func CMTimeClampToRange(_ time: CMTime, range: CMTimeRange) -> CMTime {
  guard time.isValid, range.isValid, !range.isEmpty else { return .invalid }
  if time < range.start { return range.start }
  if time > range.end { return range.end }
  return time
}

/// The end of a range.
public func CMTimeRangeGetEnd(_ range: CMTimeRange) -> CMTime { range.end }

/// Whether `time` lies in the half-open range.
public func CMTimeRangeContainsTime(_ range: CMTimeRange, time: CMTime) -> Bool { range.containsTime(time) }

/// Whether `otherRange` lies inside `range`.
public func CMTimeRangeContainsTimeRange(_ range: CMTimeRange, otherRange: CMTimeRange) -> Bool {
  range.containsTimeRange(otherRange)
}

/// The intersection of two ranges.
public func CMTimeRangeGetIntersection(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange {
  range.intersection(otherRange)
}

/// The union of two ranges.
public func CMTimeRangeGetUnion(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange {
  range.union(otherRange)
}

/// Whether two ranges have equal starts and durations.
public func CMTimeRangeEqual(_ range1: CMTimeRange, _ range2: CMTimeRange) -> Bool { range1 == range2 }
