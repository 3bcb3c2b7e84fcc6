import AudioPCM
import Testing

@testable import SimulatedDevice

/// The reference track's test for digital silence, which decides whether a tap buffer is resampled:
/// only exact zeros (either sign) are silence, wherever the first other sample is.
@Suite struct ReferenceTrackSilenceTests {
  static func buffer(_ samples: [Float], channels: Int = 1, interleaved: Bool = false) -> PCMBuffer {
    let format = try! AudioFormat(
      sampleRate: 48_000, channelCount: channels, sampleType: .float32, isInterleaved: interleaved)
    let frames = samples.count / channels
    let buffer = PCMBuffer(format: format, frameCapacity: frames)
    buffer.frameLength = frames
    let planes = buffer.floatChannelData!
    for frame in 0..<frames {
      for channel in 0..<channels {
        let value = samples[frame * channels + channel]
        if interleaved { planes[0][frame * channels + channel] = value } else { planes[channel][frame] = value }
      }
    }
    return buffer
  }

  @Test func zerosOfEitherSignAreSilence() {
    #expect(ReferenceTrack.isDigitalSilence(Self.buffer([Float](repeating: 0, count: 4_800))))
    #expect(ReferenceTrack.isDigitalSilence(Self.buffer((0..<1_000).map { $0 % 2 == 0 ? 0 : -0.0 })))
    #expect(ReferenceTrack.isDigitalSilence(Self.buffer([])))
  }

  @Test(arguments: [0, 255, 256, 257, 4_799])
  func oneOtherSampleAnywhereIsNotSilence(at position: Int) {
    for value: Float in [1, -1e-30, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .nan, .infinity] {
      var samples = [Float](repeating: 0, count: 4_800)
      samples[position] = value
      #expect(!ReferenceTrack.isDigitalSilence(Self.buffer(samples)), "\(value) at \(position)")
    }
  }

  @Test func everyChannelIsLookedAt() {
    var samples = [Float](repeating: 0, count: 2 * 300)
    samples[2 * 299 + 1] = 0.5  // the second channel's last frame
    #expect(!ReferenceTrack.isDigitalSilence(Self.buffer(samples, channels: 2)))
    #expect(!ReferenceTrack.isDigitalSilence(Self.buffer(samples, channels: 2, interleaved: true)))
    #expect(ReferenceTrack.isDigitalSilence(Self.buffer([Float](repeating: -0.0, count: 600), channels: 2)))
  }
}
