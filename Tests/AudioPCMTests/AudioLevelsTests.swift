import AudioPCM
import Foundation
import Testing

@Suite struct AudioLevelsTests {
  @Test func sineAtHalfScaleHasKnownPeakAndRMS() throws {
    let frames = 48_000
    let sine = (0..<frames).map { Float(0.5 * sin(2 * Double.pi * 1_000 * Double($0) / 48_000)) }
    var levels = AudioLevels()
    levels.add(try TestAudio.buffer([sine], sampleRate: 48_000))
    #expect(abs(levels.peakDecibels - -6.0206) < 0.01)
    #expect(abs(levels.rmsDecibels - -9.0309) < 0.01)
    #expect(levels.sampleCount == frames)
  }

  @Test func integerFullScaleIsZeroDecibelsAndSilenceIsMinusInfinity() throws {
    let format = try AudioFormat(sampleRate: 8_000, channelCount: 2, sampleType: .int16, isInterleaved: true)
    let buffer = PCMBuffer(format: format, frameCapacity: 4)
    for frame in 0..<4 {
      buffer.int16ChannelData![0][frame * 2] = Int16.min
      buffer.int16ChannelData![0][frame * 2 + 1] = Int16.min
    }
    buffer.frameLength = 4
    var loud = AudioLevels()
    loud.add(buffer)
    #expect(loud.peakDecibels == 0)
    #expect(loud.rmsDecibels == 0)
    #expect(loud.sampleCount == 8)

    var silent = AudioLevels()
    silent.add(PCMBuffer(format: format, frameCapacity: 4))
    #expect(silent.peakDecibels == -.infinity)
    #expect(silent.rms == 0)
  }

  @Test func levelsAccumulateAcrossBuffers() throws {
    var levels = AudioLevels()
    levels.add(try TestAudio.buffer([[0.25, -0.25]], sampleRate: 8_000))
    levels.add(try TestAudio.buffer([[1, 0]], sampleRate: 8_000))
    #expect(levels.peak == 1)
    #expect(abs(levels.rms - ((0.0625 + 0.0625 + 1) / 4).squareRoot()) < 1e-12)
  }
}
