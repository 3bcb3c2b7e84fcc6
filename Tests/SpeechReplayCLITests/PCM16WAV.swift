import Foundation

/// A 16-bit little-endian mono WAV written byte by byte, for tests that need a file whose exact header and
/// samples they control (an odd rate, a long noise) without going through the code under test.
enum PCM16WAV {
  /// The WAV bytes of `samples` at `rate` frames per second.
  static func data(samples: [Int16], rate: Int) -> Data {
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    let bytes = samples.count * 2
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + bytes))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))  // fmt chunk size
    append(UInt16(1))  // PCM
    append(UInt16(1))  // mono
    append(UInt32(rate))
    append(UInt32(rate * 2))  // bytes per second
    append(UInt16(2))  // block align
    append(UInt16(16))  // bits per sample
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(bytes))
    samples.map(\.littleEndian).withUnsafeBytes { data.append(contentsOf: $0) }
    return data
  }

  /// `seconds` of silence at `rate`.
  static func silence(seconds: Int, rate: Int) -> Data {
    data(samples: [Int16](repeating: 0, count: seconds * rate), rate: rate)
  }

  /// `seconds` of pseudo-random noise at a quarter of full scale, the same bytes on every call.
  static func noise(seconds: Int, rate: Int) -> Data {
    var state: UInt32 = 12_345
    let samples = (0..<(seconds * rate)).map { _ in
      state = state &* 1_664_525 &+ 1_013_904_223
      return Int16(truncatingIfNeeded: state >> 16) / 4
    }
    return data(samples: samples, rate: rate)
  }
}
