import AudioPCM
import Testing

@Suite struct AudioFormatTests {
  @Test func describesItself() throws {
    let format = try AudioFormat(sampleRate: 48_000, channelCount: 1, sampleType: .float32, isInterleaved: false)
    #expect(format.description == "48000 Hz, 1 ch, Float32, planar")
    #expect(format.isStandard)
    #expect(try AudioFormat.standard(sampleRate: 48_000, channelCount: 1) == format)
    let interleaved = try format.with(channelCount: 2, sampleType: .int16, isInterleaved: true)
    #expect(interleaved.description == "48000 Hz, 2 ch, Int16, interleaved")
    #expect(!interleaved.isStandard)
    #expect(interleaved.bytesPerFramePerPlane == 4)
  }

  @Test(arguments: [0.0, -16_000, .nan, .infinity])
  func rejectsUnusableSampleRates(rate: Double) {
    #expect(throws: AudioFormatError.self) {
      try AudioFormat.standard(sampleRate: rate, channelCount: 1)
    }
    do {
      _ = try AudioFormat.standard(sampleRate: rate, channelCount: 1)
    } catch let error as AudioFormatError {
      #expect(error.code == .invalidSampleRate)
      #expect(error.message.contains("greater than 0"))
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test(arguments: [0, -1, 1025])
  func rejectsUnusableChannelCounts(channels: Int) {
    #expect(
      performing: { try AudioFormat.standard(sampleRate: 16_000, channelCount: channels) },
      throws: { error in
        (error as? AudioFormatError)?.code == .invalidChannelCount
      })
  }
}
