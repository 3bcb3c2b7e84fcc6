internal import AudioPCM
import Synchronization

/// The priming each (input rate, output rate, quality, engine) needs, measured once per process.
///
/// Measuring builds a mono resampler and converts 8,192 frames of silence; doing that for every
/// new ``AVAudioConverter`` was most of the resampling in a start/stop cycle. The value depends
/// on nothing else, so one measurement serves every converter and every simulation run.
final class PrimeInfoCache: Sendable {
  struct Key: Hashable, Sendable {
    var inputRate: Double
    var outputRate: Double
    var quality: SampleRateConverter.Quality
    var engine: SampleRateConverter.Engine
  }

  static let shared = PrimeInfoCache()

  private let measured = Mutex<[Key: AVAudioConverterPrimeInfo]>([:])

  /// The priming for `key`, measured on first use.
  func info(for key: Key) -> AVAudioConverterPrimeInfo {
    if let known = measured.withLock({ $0[key] }) { return known }
    // Measured outside the lock: a race only measures twice, with the same (deterministic) result.
    let info = Self.measure(key)
    measured.withLock { $0[key] = info }
    return info
  }

  /// Converts 8,192 frames of silence and counts the output frames held back.
  static func measure(_ key: Key) -> AVAudioConverterPrimeInfo {
    guard let mono = try? AudioFormat.standard(sampleRate: key.inputRate, channelCount: 1),
      let monoOut = try? AudioFormat.standard(sampleRate: key.outputRate, channelCount: 1),
      let probe = try? SampleRateConverter(
        from: mono, to: monoOut, quality: key.quality, engine: key.engine, isLowLatency: true)
    else { return AVAudioConverterPrimeInfo() }
    let frames = 8192
    let input = PCMBuffer(format: mono, frameCapacity: frames)
    input.frameLength = frames
    let ratio = key.outputRate / key.inputRate
    let output = PCMBuffer(format: monoOut, frameCapacity: Int((Double(frames) * ratio).rounded(.up)) + 16)
    guard let result = try? probe.convert(input, into: output) else { return AVAudioConverterPrimeInfo() }
    let held = max(0, Int((Double(frames) * ratio).rounded()) - result.framesProduced)
    let inputFrames = AVAudioFrameCount((Double(held) / ratio).rounded(.up))
    return AVAudioConverterPrimeInfo(leadingFrames: inputFrames, trailingFrames: inputFrames)
  }
}
