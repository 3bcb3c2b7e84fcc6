import AudioPCM
import Testing

@Suite struct PCMBufferTests {
  @Test func planarBufferHasOneStablePointerPerChannel() throws {
    let buffer = PCMBuffer(format: try .standard(sampleRate: 16_000, channelCount: 3), frameCapacity: 100)
    #expect(buffer.planeCount == 3)
    #expect(buffer.stride == 1)
    let data = try #require(buffer.floatChannelData)
    #expect(buffer.int16ChannelData == nil)
    #expect(buffer.int32ChannelData == nil)
    #expect(data[1] - data[0] == 100)
    #expect(data[2] - data[1] == 100)
    data[2][99] = 0.25
    #expect(buffer.sample(channel: 2, frame: 99) == 0.25)
    #expect(buffer.floatChannelData![2] == data[2])
  }

  @Test func interleavedBufferHasOnePointer() throws {
    let format = try AudioFormat(sampleRate: 16_000, channelCount: 2, sampleType: .int16, isInterleaved: true)
    let buffer = PCMBuffer(format: format, frameCapacity: 10)
    #expect(buffer.planeCount == 1)
    #expect(buffer.stride == 2)
    let data = try #require(buffer.int16ChannelData)
    buffer.setSample(0.5, channel: 1, frame: 3)
    #expect(data[0][7] == 16_384)
    buffer.setSample(2, channel: 0, frame: 0)
    #expect(data[0][0] == Int16.max, "values above full scale clip")
    buffer.setSample(-2, channel: 0, frame: 0)
    #expect(data[0][0] == Int16.min)
  }

  @Test func frameLengthStartsAtZeroAndCountsFrames() throws {
    let format = try AudioFormat(sampleRate: 8_000, channelCount: 2, sampleType: .int32, isInterleaved: false)
    let buffer = PCMBuffer(format: format, frameCapacity: 4)
    #expect(buffer.frameLength == 0)
    buffer.setSample(-0.5, channel: 1, frame: 1)
    buffer.frameLength = 2
    #expect(buffer.floatSamples(channel: 1) == [0, -0.5])
    #expect(buffer.int32ChannelData![1][1] == Int32.min / 2)
  }

  @Test(arguments: [true, false])
  func silenceZeroesTheValidFramesOfEveryChannel(interleaved: Bool) throws {
    let format = try AudioFormat(sampleRate: 8_000, channelCount: 2, sampleType: .int16, isInterleaved: interleaved)
    let buffer = PCMBuffer(format: format, frameCapacity: 4)
    buffer.frameLength = 4
    for channel in 0..<2 { for frame in 0..<4 { buffer.setSample(0.5, channel: channel, frame: frame) } }
    buffer.frameLength = 3
    buffer.silence()
    buffer.frameLength = 4
    // The three valid frames are silent in both channels; the fourth, past the length, is untouched.
    #expect(buffer.floatSamples(channel: 0) == [0, 0, 0, 0.5])
    #expect(buffer.floatSamples(channel: 1) == [0, 0, 0, 0.5])
  }

  @Test func emptyBufferIsUsable() throws {
    let buffer = PCMBuffer(format: try .standard(sampleRate: 16_000, channelCount: 1), frameCapacity: 0)
    #expect(buffer.frameCapacity == 0)
    #expect(buffer.floatChannelData != nil)
  }
}
