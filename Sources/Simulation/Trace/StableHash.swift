/// FNV-1a 64-bit hash over UTF-8 text: stable across runs, processes and machines.
///
/// Written here rather than taken from a library: it is a dozen lines, and the listed crypto
/// packages would add a large dependency for a non-cryptographic fingerprint.
public struct StableHash: Sendable, Equatable {
  /// The current hash value.
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Creates the hash of empty input.
  public init() {}

  /// Feeds the UTF-8 bytes of `text`.
  /// - Parameter text: Text to hash.
  public mutating func combine(_ text: String) {
    for byte in text.utf8 { combine(byte: byte) }
  }

  /// Feeds one byte.
  /// - Parameter byte: The byte.
  @inline(__always)
  public mutating func combine(byte: UInt8) {
    value ^= UInt64(byte)
    value = value &* 0x100_0000_01b3
  }

  /// Feeds the decimal digits of `number` (no sign, no leading zeros), padded with leading
  /// zeros to at least `minimumDigits`: the bytes `String(number)` would give.
  /// - Parameters:
  ///   - number: The number.
  ///   - minimumDigits: Zeros are added in front up to this many digits.
  public mutating func combine(decimal number: UInt64, minimumDigits: Int = 1) {
    // 20 digits hold UInt64.max.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    var rest = number
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        count += 1
      } while rest > 0
      for _ in count..<max(count, minimumDigits) { combine(byte: UInt8(ascii: "0")) }
      for index in stride(from: count - 1, through: 0, by: -1) { combine(byte: buffer[index]) }
    }
  }

  /// The value as 16 lowercase hex digits.
  public var hexDigest: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
