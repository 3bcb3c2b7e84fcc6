import CoreMediaTwin

extension CMTime {
  /// Seconds with three decimals (`1.600`), for stable, readable reports; `?` when not numeric.
  package var millisecondsText: String {
    guard isNumeric else { return "?" }
    let millis = Int64((seconds * 1000).rounded())
    let sign = millis < 0 ? "-" : ""
    let magnitude = abs(millis)
    let fraction = String(magnitude % 1000)
    return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
