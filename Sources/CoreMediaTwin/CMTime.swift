/// Numerator of a rational ``CMTime``.
public typealias CMTimeValue = Int64
/// Denominator of a rational ``CMTime``; valid timescales are positive.
public typealias CMTimeScale = Int32
/// Epoch (for example a loop count) that distinguishes otherwise equal times.
public typealias CMTimeEpoch = Int64

/// The largest timescale Core Media uses when it has to pick one (for sums of unrelated timescales).
public let kCMTimeMaxTimescale: Int32 = 0x7fff_ffff

/// A rational time, `value / timescale` seconds — the twin of Core Media's `CMTime`.
///
/// Behaviour follows Core Media: times compare by numeric value across timescales (`1/2 == 2/4`),
/// ordered `-∞ < finite < indefinite < +∞ < invalid`, a greater epoch is later; sums use the least
/// common multiple of the timescales; `seconds` is NaN for invalid and indefinite times.
///
/// ```swift
/// let t = CMTime(value: 24_000, timescale: 16_000)   // 1.5 s
/// t == CMTime(seconds: 1.5, preferredTimescale: 1000) // true
/// ```
public struct CMTime: Sendable {
  /// The numerator.
  public var value: CMTimeValue
  /// The denominator.
  public var timescale: CMTimeScale
  /// Validity, rounding and non-numeric flags.
  public var flags: CMTimeFlags
  /// Distinguishes equal timestamps in different loops or items; compared before the value.
  public var epoch: CMTimeEpoch

  /// Creates an invalid time (all fields zero), as Core Media's `init()` does.
  public init() {
    self.init(value: 0, timescale: 0, flags: [], epoch: 0)
  }

  /// Creates a time with every field given explicitly.
  public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
    self.value = value
    self.timescale = timescale
    self.flags = flags
    self.epoch = epoch
  }

  /// Creates a valid time of `value / timescale` seconds in epoch 0.
  ///
  /// A timescale of zero or less gives an invalid time, as `CMTimeMake` does.
  public init(value: CMTimeValue, timescale: CMTimeScale) {
    self.init(value: value, timescale: timescale, flags: timescale > 0 ? .valid : [], epoch: 0)
  }

  /// Creates the time closest to `seconds` in `preferredTimescale`.
  ///
  /// A non-positive timescale or NaN gives an invalid time; ±infinite seconds give the infinities.
  /// When the value does not fit, the timescale is halved until it does (setting
  /// ``hasBeenRounded``), as Core Media does.
  public init(seconds: Double, preferredTimescale: CMTimeScale) {
    guard preferredTimescale > 0, !seconds.isNaN else {
      self.init()
      return
    }
    if seconds.isInfinite {
      self = seconds > 0 ? .positiveInfinity : .negativeInfinity
      return
    }
    var scale = preferredTimescale
    while true {
      let exact = seconds * Double(scale)
      let rounded = exact.rounded(.toNearestOrAwayFromZero)
      if abs(rounded) < 9.2e18 {
        var flags: CMTimeFlags = .valid
        if rounded != exact { flags.insert(.hasBeenRounded) }
        if scale != preferredTimescale { flags.insert(.hasBeenRounded) }
        self.init(value: Int64(rounded), timescale: scale, flags: flags, epoch: 0)
        return
      }
      if scale == 1 {
        self = seconds > 0 ? .positiveInfinity : .negativeInfinity
        return
      }
      scale /= 2
    }
  }

  /// 0 seconds.
  public static let zero = CMTime(value: 0, timescale: 1)
  /// The invalid time: all fields zero.
  public static let invalid = CMTime()
  /// An unknown time, for example the duration of a live stream.
  public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
  /// Positive infinity.
  public static let positiveInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
  /// Negative infinity.
  public static let negativeInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)

  /// True when the ``CMTimeFlags/valid`` flag is set.
  public var isValid: Bool { flags.contains(.valid) }
  /// True for valid times that are neither infinite nor indefinite.
  public var isNumeric: Bool { isValid && flags.isDisjoint(with: .impliedValueFlagsMask) }
  /// True for the indefinite time.
  public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }
  /// True for positive infinity.
  public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
  /// True for negative infinity.
  public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
  /// True when the value was rounded on its way to this timescale.
  public var hasBeenRounded: Bool { isNumeric && flags.contains(.hasBeenRounded) }

  /// The time in seconds: NaN for invalid and indefinite times, ±infinity for the infinities.
  public var seconds: Double {
    if isPositiveInfinity { return .infinity }
    if isNegativeInfinity { return -.infinity }
    guard isNumeric, timescale > 0 else { return .nan }
    return Double(value) / Double(timescale)
  }
}
