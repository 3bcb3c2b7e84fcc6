public import CoreMediaTwin

extension CMTime {
  /// Reads ``millisecondsText`` back: `1.600` as 1600/1000 s, `?` as `.invalid`; nil for anything else.
  /// - Parameter text: Seconds with three decimals, or `?`.
  package init?(millisecondsText text: String) {
    // Scanned as bytes: post-run checks read thousands of these per run, and splitting and
    // parsing Strings (with Unicode digit properties) was a tenth of a ten-minute replay.
    var utf8 = text.utf8[...]
    if utf8.elementsEqual("?".utf8) {
      self = .invalid
      return
    }
    let negative = utf8.first == UInt8(ascii: "-")
    if negative { utf8 = utf8.dropFirst() }
    var whole: Int64 = 0
    var wholeDigits = 0
    var fraction: Int64 = 0
    var fractionDigits = 0
    var seenPoint = false
    for byte in utf8 {
      if byte == UInt8(ascii: ".") {
        guard !seenPoint else { return nil }
        seenPoint = true
        continue
      }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let digit = Int64(byte - UInt8(ascii: "0"))
      if seenPoint {
        fraction = fraction * 10 + digit
        fractionDigits += 1
      } else {
        guard wholeDigits < 15 else { return nil }  // no overflow of whole × 1000
        whole = whole * 10 + digit
        wholeDigits += 1
      }
    }
    guard seenPoint, wholeDigits > 0, fractionDigits == 3 else { return nil }
    let millis = whole * 1000 + fraction
    self.init(value: negative ? -millis : millis, timescale: 1000)
  }
}
