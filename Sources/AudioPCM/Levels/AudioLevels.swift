import Foundation

/// Peak and RMS level of audio, accumulated over any number of buffers.
///
/// Levels are in dBFS: 0 dBFS is full scale (1.0 for floating point, 2^15 or 2^31 for integers);
/// silence is `-infinity`.
///
/// ```swift
/// var levels = AudioLevels()
/// levels.add(buffer)
/// print(levels.peakDecibels, levels.rmsDecibels)
/// ```
public struct AudioLevels: Hashable, Sendable {
  /// The largest absolute sample value seen, on a 0…1 full-scale axis.
  public private(set) var peak: Double = 0
  /// The number of samples (all channels) seen.
  public private(set) var sampleCount = 0
  private var sumOfSquares: Double = 0

  /// Creates an empty measurement.
  public init() {}

  /// The root mean square of all samples seen, on a 0…1 full-scale axis; 0 when none were seen.
  public var rms: Double { sampleCount == 0 ? 0 : (sumOfSquares / Double(sampleCount)).squareRoot() }

  /// ``peak`` in dBFS.
  public var peakDecibels: Double { Self.decibels(peak) }

  /// ``rms`` in dBFS.
  public var rmsDecibels: Double { Self.decibels(rms) }

  /// Adds the valid frames of a buffer, all channels together.
  ///
  /// - Parameter buffer: Audio of any format.
  public mutating func add(_ buffer: PCMBuffer) {
    let frames = buffer.frameLength
    let samplesPerPlane = frames * buffer.stride
    for plane in 0..<buffer.planeCount {
      let raw = buffer.rawPlane(plane)
      switch buffer.format.sampleType {
      case .float32: add(raw.assumingMemoryBound(to: Float.self), samplesPerPlane) { Double($0) }
      case .float64: add(raw.assumingMemoryBound(to: Double.self), samplesPerPlane) { $0 }
      case .int16: add(raw.assumingMemoryBound(to: Int16.self), samplesPerPlane) { Double($0) / 32_768 }
      case .int32: add(raw.assumingMemoryBound(to: Int32.self), samplesPerPlane) { Double($0) / 2_147_483_648 }
      }
    }
  }

  private mutating func add<T>(_ samples: UnsafeMutablePointer<T>, _ count: Int, _ value: (T) -> Double) {
    var localPeak = peak
    var localSum = 0.0
    for index in 0..<count {
      let sample = value(samples[index])
      localPeak = max(localPeak, abs(sample))
      localSum += sample * sample
    }
    peak = localPeak
    sumOfSquares += localSum
    sampleCount += count
  }

  /// Converts a full-scale amplitude to dBFS.
  ///
  /// - Parameter amplitude: An amplitude where 1 is full scale.
  /// - Returns: `20 log10(amplitude)`, or `-infinity` for 0.
  public static func decibels(_ amplitude: Double) -> Double {
    amplitude > 0 ? 20 * log10(amplitude) : -.infinity
  }
}
