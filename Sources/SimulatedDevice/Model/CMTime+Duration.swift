import CoreMediaTwin

extension CMTime {
  /// The time `duration` after zero, exact to the nanosecond.
  public init(_ duration: Duration) {
    let parts = duration.components
    self.init(value: parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000, timescale: 1_000_000_000)
  }
}

extension Duration {
  /// The length of a numeric `CMTime`, rounded to the nearest nanosecond; zero when not numeric.
  public init(_ time: CMTime) {
    guard time.isNumeric else {
      self = .zero
      return
    }
    let nanoseconds = (Int128(time.value) * 1_000_000_000 * 2 + Int128(time.timescale)) / (2 * Int128(time.timescale))
    self = .nanoseconds(Int64(clamping: nanoseconds))
  }
}
