/// The shared horizontal axis of a scenario page: virtual seconds mapped onto the SVG's user units.
///
/// Every lane is drawn in the same units (``width`` wide), so the script zooms all lanes at once by
/// stretching the SVG; the geometry itself never depends on the window.
struct TimeAxis: Sendable, Hashable {
  /// The width of the plot in SVG user units.
  static let width = 1600.0
  /// The number of columns dense events and the waveform are aggregated into (one per user unit).
  static let columns = 1600

  /// The virtual seconds the axis spans, from 0 (at least a tenth of a second).
  var duration: Double

  /// Creates an axis spanning `duration` virtual seconds.
  ///
  /// - Parameter duration: The run's length in virtual seconds.
  init(duration: Double) {
    self.duration = max(0.1, duration.isFinite ? duration : 0.1)
  }

  /// The x coordinate of a virtual time.
  ///
  /// - Parameter seconds: Virtual seconds.
  /// - Returns: User units from the left edge, clamped to the plot.
  func x(_ seconds: Double) -> Double {
    min(Self.width, max(0, seconds / duration * Self.width))
  }

  /// The column a virtual time falls into.
  ///
  /// - Parameter seconds: Virtual seconds.
  /// - Returns: A column index in `0..<columns`.
  func column(_ seconds: Double) -> Int {
    min(Self.columns - 1, max(0, Int(seconds / duration * Double(Self.columns))))
  }

  /// The virtual time at the left edge of a column.
  ///
  /// - Parameter column: A column index.
  /// - Returns: Virtual seconds.
  func time(ofColumn column: Int) -> Double {
    Double(column) / Double(Self.columns) * duration
  }

  /// Tick positions at a round step giving about ten ticks.
  var ticks: [Double] {
    let raw = duration / 10
    let magnitude = pow10(floorLog10(raw))
    let step = [1.0, 2.0, 5.0, 10.0].map { $0 * magnitude }.first { $0 >= raw } ?? raw
    return stride(from: 0.0, through: duration + step / 1000, by: step).map { $0 }
  }

  private func floorLog10(_ value: Double) -> Int {
    var exponent = 0
    var scaled = value
    while scaled >= 10 {
      scaled /= 10
      exponent += 1
    }
    while scaled < 1 && exponent > -6 {
      scaled *= 10
      exponent -= 1
    }
    return exponent
  }

  private func pow10(_ exponent: Int) -> Double {
    var value = 1.0
    if exponent >= 0 { for _ in 0..<exponent { value *= 10 } } else { for _ in 0..<(-exponent) { value /= 10 } }
    return value
  }
}
