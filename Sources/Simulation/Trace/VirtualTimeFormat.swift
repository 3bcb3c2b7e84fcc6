/// The canonical text form of virtual time: seconds with nine decimals, such as `12.345000000`.
enum VirtualTimeFormat {
  static func string(_ time: Duration) -> String {
    let nanoseconds = time.nanosecondsClamped
    let sign = nanoseconds < 0 ? "-" : ""
    let magnitude = nanoseconds.magnitude
    let fraction = String(magnitude % 1_000_000_000)
    return "\(sign)\(magnitude / 1_000_000_000).\(String(repeating: "0", count: 9 - fraction.count))\(fraction)"
  }
}
