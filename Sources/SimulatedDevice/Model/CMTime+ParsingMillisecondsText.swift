public import CoreMediaTwin

extension CMTime {
  /// Reads ``millisecondsText`` back: `1.600` as 1600/1000 s, `?` as `.invalid`; nil for anything else.
  /// - Parameter text: Seconds with three decimals, or `?`.
  package init?(millisecondsText text: String) {
    if text == "?" {
      self = .invalid
      return
    }
    let negative = text.hasPrefix("-")
    let parts = text.dropFirst(negative ? 1 : 0).split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1].count == 3, let whole = Int64(parts[0]), let fraction = Int64(parts[1]),
      parts[0].allSatisfy(\.isNumber), parts[1].allSatisfy(\.isNumber)
    else { return nil }
    let millis = whole * 1000 + fraction
    self.init(value: negative ? -millis : millis, timescale: 1000)
  }
}
