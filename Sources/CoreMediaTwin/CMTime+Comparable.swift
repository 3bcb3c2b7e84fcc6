extension CMTime: Comparable, Hashable {
  /// Where a time sits in Core Media's total order: `-∞ < numeric < indefinite < +∞ < invalid`.
  enum OrderClass: Int, Comparable {
    case negativeInfinity, numeric, indefinite, positiveInfinity, invalid
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  var orderClass: OrderClass {
    guard isValid else { return .invalid }
    if flags.contains(.negativeInfinity) { return .negativeInfinity }
    if flags.contains(.positiveInfinity) { return .positiveInfinity }
    if flags.contains(.indefinite) { return .indefinite }
    return timescale > 0 ? .numeric : .invalid
  }

  /// Compares like `CMTimeCompare`: -1, 0 or 1.
  ///
  /// Numeric times compare by value across timescales (exactly, without floating point); a greater
  /// epoch is later; non-numeric times follow the order of ``OrderClass``.
  static func compare(_ lhs: CMTime, _ rhs: CMTime) -> Int32 {
    let (l, r) = (lhs.orderClass, rhs.orderClass)
    if l != r { return l < r ? -1 : 1 }
    guard l == .numeric else { return 0 }
    if lhs.epoch != rhs.epoch { return lhs.epoch < rhs.epoch ? -1 : 1 }
    let a = Int128(lhs.value) * Int128(rhs.timescale)
    let b = Int128(rhs.value) * Int128(lhs.timescale)
    return a == b ? 0 : (a < b ? -1 : 1)
  }

  /// Equal by value, as `CMTimeCompare(lhs, rhs) == 0`: `1/2 == 2/4`, and all invalid times are equal.
  public static func == (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) == 0 }

  /// Ordered as `CMTimeCompare`.
  public static func < (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) < 0 }

  /// Hashes the reduced fraction, so times that compare equal hash equally.
  public func hash(into hasher: inout Hasher) {
    let order = orderClass
    hasher.combine(order.rawValue)
    guard order == .numeric else { return }
    let divisor = Self.gcd(value.magnitude, UInt64(timescale))
    hasher.combine(epoch)
    hasher.combine(value / Int64(divisor))
    hasher.combine(Int64(timescale) / Int64(divisor))
  }

  static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return max(a, 1)
  }
}
