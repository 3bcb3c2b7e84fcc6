/// What one pass over a floating-point file's samples found: the largest finite magnitude and
/// the NaN and infinite samples.
///
/// Floating-point audio is at full scale at ±1. Two kinds of file break that and are corrected on
/// reading, each with a warning:
/// - samples stored at 32-bit integer scale (a peak above 2¹⁶ and not above 2³¹): sox writes
///   64-bit float CAF and W64 files this way (libsndfile with normalisation off), and read as
///   they are they would be 2³¹ times (186 dB) too loud; they are divided by 2³¹;
/// - NaN and ±infinity, which no microphone delivers and no level, detector or converter can
///   use; they are read as 0 (silence), counted in the warning, so a stack is never blamed for them.
///
/// A peak above 2¹⁶ that is also above 2³¹ fits no known scale: read as it is, with a warning.
struct FloatingPointScan {
  /// What is done to each sample on reading.
  struct Correction {
    var scale: Double
    /// Applies the scale; NaN and ±infinity become 0.
    @inline(__always) func apply(_ value: Double) -> Double { value.isFinite ? value * scale : 0 }
  }

  /// Above this, samples cannot be floating-point audio at its own scale (96 dB over full scale).
  static let implausiblePeak = 65_536.0
  /// Full scale of 32-bit integer samples.
  static let integerFullScale = 2_147_483_648.0

  private(set) var peak = 0.0
  private(set) var nonFiniteCount = 0
  private(set) var firstNonFiniteFrame: Int?
  private var framesSeen = 0

  /// Adds interleaved samples.
  mutating func add(_ samples: UnsafeBufferPointer<Double>, channels: Int) {
    for (index, value) in samples.enumerated() {
      if value.isFinite {
        peak = max(peak, value.magnitude)
      } else {
        nonFiniteCount += 1
        if firstNonFiniteFrame == nil { firstNonFiniteFrame = framesSeen + index / channels }
      }
    }
    framesSeen += samples.count / channels
  }

  /// True when the peak says the samples were stored at 32-bit integer scale.
  var isIntegerScaled: Bool { peak > Self.implausiblePeak && peak <= Self.integerFullScale * 1.0001 }

  /// The correction reading needs, or nil when the samples are read as they are.
  var correction: Correction? {
    guard isIntegerScaled || nonFiniteCount > 0 else { return nil }
    return Correction(scale: isIntegerScaled ? 1 / Self.integerFullScale : 1)
  }

  /// The warnings that say what was found and how the file is read.
  func warnings(path: String, encoding: AudioFile.Encoding, sampleRate: Double) -> [AudioFileWarning] {
    var warnings: [AudioFileWarning] = []
    let peakText = peak.formatted()
    if isIntegerScaled {
      warnings.append(
        AudioFileWarning(
          code: .integerScaledFloats, path: path,
          message:
            "the \(encoding) samples reach \(peakText), so they are stored at 32-bit integer scale (±2147483648), as sox writes 64-bit float CAF and W64 files; they are read divided by 2^31, at their intended level — re-export the file (as float32 or PCM) to silence this warning"
        ))
    } else if peak > Self.implausiblePeak {
      warnings.append(
        AudioFileWarning(
          code: .beyondFullScale, path: path,
          message:
            "the \(encoding) samples reach \(peakText), far beyond full scale (1.0), at no scale a known writer uses; they are read as they are and will clip — check how the file was made"
        ))
    }
    if nonFiniteCount > 0, let first = firstNonFiniteFrame {
      warnings.append(
        AudioFileWarning(
          code: .nonFiniteSamples, path: path,
          message:
            "\(nonFiniteCount) sample\(nonFiniteCount == 1 ? " is" : "s are") NaN or infinite (the first at frame \(first), \(AudioFile.seconds(first, sampleRate))); no microphone delivers such values, so they are read as silence (0) — the file is damaged or was written by faulty code"
        ))
    }
    return warnings
  }
}

extension Double {
  /// Whole numbers without a fraction, others with up to six significant digits.
  fileprivate func formatted() -> String {
    if self == rounded(), magnitude < 1e15 { return String(Int64(self)) }
    return "\(Float(self))"
  }
}
