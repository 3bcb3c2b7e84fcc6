extension TraceEvent {
  /// Feeds exactly the UTF-8 bytes of ``canonicalLine`` followed by a newline, without building
  /// the line: the trace hash of a long run touches every event, and building and escaping a
  /// string per event was a quarter of a run without resampling.
  /// - Parameter hash: The hash to feed.
  public func hashCanonicalLine(into hash: inout StableHash) {
    hash.combine(byte: UInt8(ascii: "#"))
    Self.combine(signed: Int64(sequence), into: &hash)
    hash.combine(byte: UInt8(ascii: " "))
    // VirtualTimeFormat: seconds, a dot, nine digits of nanoseconds.
    let nanoseconds = time.nanosecondsClamped
    if nanoseconds < 0 { hash.combine(byte: UInt8(ascii: "-")) }
    let magnitude = nanoseconds.magnitude
    hash.combine(decimal: UInt64(magnitude / 1_000_000_000))
    hash.combine(byte: UInt8(ascii: "."))
    hash.combine(decimal: UInt64(magnitude % 1_000_000_000), minimumDigits: 9)
    hash.combine(byte: UInt8(ascii: " "))
    hash.combine(kind.rawValue)
    for field in fields {
      hash.combine(byte: UInt8(ascii: " "))
      hash.combine(field.name)
      hash.combine(byte: UInt8(ascii: "="))
      Self.combineEscaped(field.value, into: &hash)
    }
    hash.combine(byte: UInt8(ascii: "\n"))
  }

  private static func combine(signed number: Int64, into hash: inout StableHash) {
    if number < 0 { hash.combine(byte: UInt8(ascii: "-")) }
    hash.combine(decimal: number.magnitude)
  }

  /// The bytes of `escaped(value)`: every escaped scalar is ASCII and no byte of a multi-byte
  /// UTF-8 sequence is, so escaping byte by byte gives the same bytes.
  private static func combineEscaped(_ value: String, into hash: inout StableHash) {
    let quoted = needsQuotes(value)
    if quoted { hash.combine(byte: UInt8(ascii: "\"")) }
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\\"):
        hash.combine(byte: byte)
        hash.combine(byte: byte)
      case UInt8(ascii: "\n"):
        hash.combine(byte: UInt8(ascii: "\\"))
        hash.combine(byte: UInt8(ascii: "n"))
      case UInt8(ascii: "\r"):
        hash.combine(byte: UInt8(ascii: "\\"))
        hash.combine(byte: UInt8(ascii: "r"))
      case UInt8(ascii: "\t"):
        hash.combine(byte: UInt8(ascii: "\\"))
        hash.combine(byte: UInt8(ascii: "t"))
      case UInt8(ascii: "\""):
        hash.combine(byte: UInt8(ascii: "\\"))
        hash.combine(byte: byte)
      default: hash.combine(byte: byte)
      }
    }
    if quoted { hash.combine(byte: UInt8(ascii: "\"")) }
  }
}
