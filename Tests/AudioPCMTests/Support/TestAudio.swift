import AudioPCM
import Foundation
import SpeechReplayTestSupport

/// Test signals, buffers and temporary folders shared by the AudioPCM tests.
enum TestAudio {
  /// A sine under a Hann window spanning the whole signal, so it starts and ends at silence and
  /// has no edge for a resampler to smear.
  static func windowedSine(frequency: Double, sampleRate: Double, frames: Int, amplitude: Double = 0.5) -> [Float] {
    (0..<frames).map {
      Float(
        windowedSineValue(
          at: Double($0) / sampleRate, frequency: frequency, length: Double(frames) / sampleRate, amplitude: amplitude))
    }
  }

  static func windowedSineValue(at time: Double, frequency: Double, length: Double, amplitude: Double) -> Double {
    guard time >= 0, time <= length else { return 0 }
    let window = 0.5 - 0.5 * cos(2 * Double.pi * time / length)
    return amplitude * window * sin(2 * Double.pi * frequency * time)
  }

  /// A planar Float32 buffer holding the given channels (all the same length).
  static func buffer(_ channels: [[Float]], sampleRate: Double) throws -> PCMBuffer {
    let format = try AudioFormat.standard(sampleRate: sampleRate, channelCount: channels.count)
    let buffer = PCMBuffer(format: format, frameCapacity: channels[0].count)
    for (index, samples) in channels.enumerated() {
      samples.withUnsafeBufferPointer {
        buffer.floatChannelData![index].update(from: $0.baseAddress!, count: samples.count)
      }
    }
    buffer.frameLength = channels[0].count
    return buffer
  }

  /// Runs a whole signal through a converter in one call (plus the end of input) and returns the output.
  static func convertAll(_ converter: SampleRateConverter, _ input: PCMBuffer) throws -> PCMBuffer {
    let capacity = Int((Double(input.frameLength) * converter.ratio).rounded(.up)) + 4096
    let output = PCMBuffer(format: converter.outputFormat, frameCapacity: capacity)
    let result = try converter.convert(input, into: output, endOfInput: true)
    precondition(result.isFinished, "one-shot conversion left output pending")
    return output
  }

  /// A new empty folder under the system's temporary folder.
  static func temporaryFolder() throws -> URL {
    let url = try TemporaryFolder(prefix: "AudioPCMTests").url
    return url
  }

  /// The repository's fixtures folder.
  static var fixtures: URL {
    TestFiles.audio
  }

  /// Signal-to-noise ratio, in dB, of `actual` against `expected`.
  static func snr(expected: [Double], actual: [Float]) -> Double {
    var signal = 0.0
    var noise = 0.0
    for index in 0..<min(expected.count, actual.count) {
      signal += expected[index] * expected[index]
      let error = Double(actual[index]) - expected[index]
      noise += error * error
    }
    return 10 * log10(signal / max(noise, 1e-300))
  }
}
