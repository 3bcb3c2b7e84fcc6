#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AudioPCM
  import Foundation
  import SpeechReplayTestSupport

  /// Test audio for the engine tests: a sine written to a temporary Float32 WAV file.
  enum TestSignal {
    /// Samples of a 440 Hz sine at half scale.
    static func sine(sampleRate: Double, frames: Int) -> [Float] {
      (0..<frames).map { Float(0.5 * sin(2 * Double.pi * 440 * Double($0) / sampleRate)) }
    }

    /// Writes `samples` (mono) to a new WAV file and returns its path.
    static func writeWAV(_ samples: [Float], sampleRate: Double) throws -> String {
      let folder = try TemporaryFolder(prefix: "AVFAudioTwinTests").url
      let path = folder.appendingPathComponent("signal.wav").path
      let buffer = try buffer(samples, sampleRate: sampleRate)
      let writer = try AudioFileWriter(path: path, container: .wav, encoding: .float32, format: buffer.format)
      try writer.write(buffer)
      try writer.close()
      return path
    }

    /// A mono planar Float32 buffer holding `samples`.
    static func buffer(_ samples: [Float], sampleRate: Double) throws -> PCMBuffer {
      let buffer = PCMBuffer(
        format: try AudioFormat.standard(sampleRate: sampleRate, channelCount: 1), frameCapacity: samples.count)
      samples.withUnsafeBufferPointer {
        buffer.floatChannelData![0].update(from: $0.baseAddress!, count: samples.count)
      }
      buffer.frameLength = samples.count
      return buffer
    }
  }
#endif
