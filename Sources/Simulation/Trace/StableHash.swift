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
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
  }

  /// The value as 16 lowercase hex digits.
  public var hexDigest: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
