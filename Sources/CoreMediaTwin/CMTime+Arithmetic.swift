extension CMTime {
  /// Returns this time in `newTimescale`, rounded with `method` (`CMTimeConvertScale`).
  ///
  /// Non-numeric times are returned unchanged. When the value overflows, the timescale is halved
  /// until it fits, as Core Media does.
  public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    guard isNumeric else { return self }
    guard newTimescale > 0 else { return .invalid }
    if newTimescale == timescale { return self }
    var rounding = method
    if method == .quickTime { rounding = newTimescale < timescale ? .roundTowardZero : .roundAwayFromZero }
    return CMTime.rational(
      numerator: Int128(value), denominator: Int128(timescale), timescale: newTimescale,
      method: rounding, epoch: epoch, inheritedFlags: flags)
  }

  /// The sum, as `CMTimeAdd`: the least common multiple of the timescales (capped at
  /// ``kCMTimeMaxTimescale``), invalid across epochs, `+∞ + -∞` invalid, indefinite absorbing.
  public static func + (lhs: CMTime, rhs: CMTime) -> CMTime {
    combine(lhs, rhs, negateRight: false)
  }

  /// The difference, as `CMTimeSubtract`.
  public static func - (lhs: CMTime, rhs: CMTime) -> CMTime {
    combine(lhs, rhs, negateRight: true)
  }

  /// Adds in place.
  public static func += (lhs: inout CMTime, rhs: CMTime) { lhs = lhs + rhs }

  /// Subtracts in place.
  public static func -= (lhs: inout CMTime, rhs: CMTime) { lhs = lhs - rhs }

  /// The time multiplied by an integer (`CMTimeMultiply`); overflow halves the timescale.
  public static func * (time: CMTime, multiplier: Int32) -> CMTime {
    guard time.isNumeric else { return time.scaledNonNumeric(sign: multiplier.signum()) }
    return rational(
      numerator: Int128(time.value) * Int128(multiplier), denominator: Int128(time.timescale),
      timescale: time.timescale,
      method: .default, epoch: time.epoch, inheritedFlags: time.flags)
  }

  /// The time multiplied by a floating-point factor (`CMTimeMultiplyByFloat64`), kept in its timescale.
  public static func * (time: CMTime, multiplier: Double) -> CMTime {
    guard time.isNumeric else { return time.scaledNonNumeric(sign: multiplier < 0 ? -1 : (multiplier > 0 ? 1 : 0)) }
    guard multiplier.isFinite else {
      return multiplier.isNaN ? .invalid : (multiplier > 0) == (time.value >= 0) ? .positiveInfinity : .negativeInfinity
    }
    let exact = Double(time.value) * multiplier
    guard abs(exact) < 9.2e18 else { return exact > 0 ? .positiveInfinity : .negativeInfinity }
    let rounded = exact.rounded(.toNearestOrAwayFromZero)
    var flags = time.flags
    if rounded != exact { flags.insert(.hasBeenRounded) }
    return CMTime(value: Int64(rounded), timescale: time.timescale, flags: flags, epoch: time.epoch)
  }

  /// Multiplies in place by an integer.
  public static func *= (time: inout CMTime, multiplier: Int32) { time = time * multiplier }

  /// Multiplies in place by a floating-point factor.
  public static func *= (time: inout CMTime, multiplier: Double) { time = time * multiplier }

  /// The negated time; infinities swap sign.
  public static prefix func - (time: CMTime) -> CMTime { time * Int32(-1) }

  private func scaledNonNumeric(sign: Int32) -> CMTime {
    switch orderClass {
    case .positiveInfinity: return sign < 0 ? .negativeInfinity : (sign == 0 ? .invalid : self)
    case .negativeInfinity: return sign < 0 ? .positiveInfinity : (sign == 0 ? .invalid : self)
    default: return self
    }
  }

  private static func combine(_ lhs: CMTime, _ rhs: CMTime, negateRight: Bool) -> CMTime {
    let (l, r) = (lhs.orderClass, negateRight ? (-rhs).orderClass : rhs.orderClass)
    if l == .invalid || r == .invalid { return .invalid }
    if l == .indefinite || r == .indefinite { return .indefinite }
    if l != .numeric || r != .numeric {
      // At least one infinity: opposite infinities cancel into an invalid time.
      if l != .numeric && r != .numeric && l != r { return .invalid }
      return l != .numeric ? lhs : (negateRight ? -rhs : rhs)
    }
    guard lhs.epoch == rhs.epoch else { return .invalid }
    let sign: Int128 = negateRight ? -1 : 1
    let rounded = lhs.flags.union(rhs.flags).intersection(.hasBeenRounded)
    if lhs.timescale == rhs.timescale {
      return rational(
        numerator: Int128(lhs.value) + sign * Int128(rhs.value), denominator: Int128(lhs.timescale),
        timescale: lhs.timescale,
        method: .default, epoch: lhs.epoch, inheritedFlags: rounded)
    }
    let divisor = Int128(gcd(UInt64(lhs.timescale), UInt64(rhs.timescale)))
    let lcm = Int128(lhs.timescale) / divisor * Int128(rhs.timescale)
    let timescale = Int32(clamping: min(lcm, Int128(kCMTimeMaxTimescale)))
    let numerator = Int128(lhs.value) * Int128(rhs.timescale) + sign * Int128(rhs.value) * Int128(lhs.timescale)
    return rational(
      numerator: numerator, denominator: Int128(lhs.timescale) * Int128(rhs.timescale), timescale: timescale,
      method: .default, epoch: lhs.epoch, inheritedFlags: rounded)
  }

  /// Builds `numerator / denominator` seconds in `timescale`, rounding with `method` and halving the
  /// timescale while the value does not fit in 64 bits; beyond that the result saturates to ±∞.
  static func rational(
    numerator: Int128, denominator: Int128, timescale: Int32, method: CMTimeRoundingMethod,
    epoch: CMTimeEpoch, inheritedFlags: CMTimeFlags
  ) -> CMTime {
    var scale = timescale
    var flags: CMTimeFlags = inheritedFlags.intersection(.hasBeenRounded).union(.valid)
    while true {
      let (quotient, exact) = divide(numerator * Int128(scale), by: denominator, method: method)
      if let value = Int64(exactly: quotient) {
        if !exact || scale != timescale { flags.insert(.hasBeenRounded) }
        return CMTime(value: value, timescale: scale, flags: flags, epoch: epoch)
      }
      if scale == 1 { return numerator > 0 ? .positiveInfinity : .negativeInfinity }
      scale /= 2
    }
  }

  private static func divide(_ n: Int128, by d: Int128, method: CMTimeRoundingMethod) -> (Int128, exact: Bool) {
    let q = n / d  // truncates toward zero
    let r = n % d
    if r == 0 { return (q, true) }
    let negative = (n < 0) != (d < 0)
    let awayFromZero = negative ? q - 1 : q + 1
    switch method {
    case .roundTowardZero: return (q, false)
    case .roundAwayFromZero, .quickTime: return (awayFromZero, false)
    case .roundTowardPositiveInfinity: return (negative ? q : awayFromZero, false)
    case .roundTowardNegativeInfinity: return (negative ? awayFromZero : q, false)
    case .roundHalfAwayFromZero:
      return (r.magnitude * 2 >= d.magnitude ? awayFromZero : q, false)
    }
  }
}
