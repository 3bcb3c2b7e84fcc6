import AudioPCM
import Foundation
import Testing

@Suite struct AudioFileWriterTests {
  @Test(arguments: AudioFormat.SampleType.allCases, [true, false])
  func writesBuffersOfEveryTypeAndLayout(type: AudioFormat.SampleType, interleaved: Bool) throws {
    let folder = try TestAudio.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out.wav").path
    let format = try AudioFormat(sampleRate: 8_000, channelCount: 2, sampleType: type, isInterleaved: interleaved)
    let buffer = PCMBuffer(format: format, frameCapacity: 100)
    for frame in 0..<100 {
      buffer.setSample(Float(frame) / 128, channel: 0, frame: frame)
      buffer.setSample(-Float(frame) / 256, channel: 1, frame: frame)
    }
    buffer.frameLength = 100
    let writer = try AudioFileWriter(path: path, container: .wav, encoding: .pcm24, format: format)
    try writer.write(buffer)
    try writer.write(buffer)
    try writer.close()
    try writer.close()
    #expect(writer.framesWritten == 200)
    #expect(performing: { try writer.write(buffer) }, throws: { ($0 as? AudioFileError)?.code == .closed })

    let file = try AudioFile(forReading: path)
    #expect(file.frameCount == 200)
    let back = PCMBuffer(format: file.processingFormat, frameCapacity: 200)
    try file.read(into: back)
    for frame in [0, 1, 50, 99] {
      for copy in [0, 100] {
        #expect(back.sample(channel: 0, frame: copy + frame) == Float(frame) / 128, "\(format)")
        #expect(back.sample(channel: 1, frame: copy + frame) == -Float(frame) / 256, "\(format)")
      }
    }
  }

  @Test func rejectsBuffersInAnotherFormat() throws {
    let folder = try TestAudio.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = try AudioFileWriter(
      path: folder.appendingPathComponent("x.wav").path, container: .wav,
      format: try .standard(sampleRate: 16_000, channelCount: 1))
    let stereo = PCMBuffer(format: try .standard(sampleRate: 16_000, channelCount: 2), frameCapacity: 1)
    stereo.frameLength = 1
    #expect(
      performing: { try writer.write(stereo) },
      throws: { error in
        let error = error as? AudioFileError
        return error?.code == .formatMismatch
          && error?.description.hasSuffix("convert the buffer with SampleRateConverter first") == true
      })
  }
}
