import Foundation
import Testing

#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AVFAudio
#else
  import AVFAudioTwin
#endif

/// Apple's AVAudioFile behaviour, written so it also compiles against AVFAudio.
@Suite struct AVAudioFileTests {
  static let hello = TestFixtures.audio.appendingPathComponent("hello-world.wav")

  @Test func opensAFixtureWithAStandardProcessingFormat() throws {
    let file = try AVAudioFile(forReading: Self.hello)
    #expect(file.fileFormat.sampleRate == 16_000 && file.fileFormat.channelCount == 1)
    #expect(file.fileFormat.commonFormat == .pcmFormatInt16)
    #expect(file.processingFormat == AVAudioFormat(standardFormatWithSampleRate: 16_000, channels: 1)!)
    #expect(abs(Double(file.length) / 16_000 - 1.789) < 0.001)
  }

  @Test func readsEveryFrameThenGivesAnEmptyBufferAtTheEnd() throws {
    for name in ["hello-world.wav", "quick-brown-fox-48k.wav", "two-commands.wav"] {
      let file = try AVAudioFile(forReading: TestFixtures.audio.appendingPathComponent(name))
      let buffer = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 4096))
      var total: AVAudioFramePosition = 0
      var peak: Float = 0
      while true {
        try file.read(into: buffer)
        if buffer.frameLength == 0 { break }
        total += AVAudioFramePosition(buffer.frameLength)
        for frame in 0..<Int(buffer.frameLength) { peak = max(peak, abs(buffer.floatChannelData![0][frame])) }
      }
      #expect(total == file.length, "\(name)")
      #expect(file.framePosition == file.length)
      #expect(peak > 0.05, "\(name) holds speech")
      try file.read(into: buffer)
      #expect(buffer.frameLength == 0, "reading at the end again is not an error")
    }
  }

  @Test func seekingWithFramePositionRereadsTheSameFrames() throws {
    let file = try AVAudioFile(forReading: Self.hello)
    let first = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 8000))
    try file.read(into: first)
    file.framePosition = 5000
    let again = try #require(AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 3000))
    try file.read(into: again, frameCount: 2000)
    #expect(again.frameLength == 2000)
    #expect(file.framePosition == 7000)
    for frame in 0..<2000 { #expect(again.floatChannelData![0][frame] == first.floatChannelData![0][5000 + frame]) }
  }

  @Test func readsIntoInterleavedInt16Exactly() throws {
    let floats = try AVAudioFile(forReading: Self.hello)
    let ints = try AVAudioFile(forReading: Self.hello, commonFormat: .pcmFormatInt16, interleaved: true)
    #expect(ints.processingFormat.commonFormat == .pcmFormatInt16)
    let a = try #require(AVAudioPCMBuffer(pcmFormat: floats.processingFormat, frameCapacity: 4000))
    let b = try #require(AVAudioPCMBuffer(pcmFormat: ints.processingFormat, frameCapacity: 4000))
    try floats.read(into: a)
    try ints.read(into: b)
    for frame in 0..<4000 { #expect(Float(b.int16ChannelData![0][frame]) / 32768 == a.floatChannelData![0][frame]) }
  }

  @Test func aBufferInAnotherFormatIsRefused() throws {
    let file = try AVAudioFile(forReading: Self.hello)
    let other = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1))
    let buffer = try #require(AVAudioPCMBuffer(pcmFormat: other, frameCapacity: 100))
    #expect(throws: NSError.self) { try file.read(into: buffer) }
  }

  @Test func aFileThatIsNotAudioThrowsAnAVFAudioError() throws {
    let url = try TestFixtures.temporaryFile("notes.wav")
    try Data("these are words, not audio".utf8).write(to: url)
    let error = try #require(throws: NSError.self) { try AVAudioFile(forReading: url) }
    #expect(error.domain == "com.apple.coreaudio.avfaudio")
    #expect(error.code == 1_954_115_647)
  }

  @Test func aMissingFileThrowsAnAVFAudioError() throws {
    let url = TestFixtures.audio.appendingPathComponent("no-such-file.wav")
    let error = try #require(throws: NSError.self) { try AVAudioFile(forReading: url) }
    #expect(error.domain == "com.apple.coreaudio.avfaudio")
  }

  @Test func writesAFileThatReadsBack() throws {
    let url = try TestFixtures.temporaryFile("ramp.caf")
    let format = try #require(
      AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true))
    let source = try #require(
      AVAudioPCMBuffer(
        pcmFormat: AVAudioFormat(standardFormatWithSampleRate: 16_000, channels: 1)!, frameCapacity: 1000))
    source.frameLength = 1000
    for frame in 0..<1000 { source.floatChannelData![0][frame] = Float(frame - 500) / 1024 }
    do {
      let writer = try AVAudioFile(forWriting: url, settings: format.settings)
      try writer.write(from: source)
      try writer.write(from: source)
      #expect(writer.length == 2000)
    }
    let reader = try AVAudioFile(forReading: url)
    #expect(reader.length == 2000)
    #expect(reader.fileFormat.commonFormat == .pcmFormatInt16)
    let back = try #require(AVAudioPCMBuffer(pcmFormat: reader.processingFormat, frameCapacity: 2000))
    try reader.read(into: back)
    #expect(back.frameLength == 2000)
    for frame in 0..<1000 { #expect(back.floatChannelData![0][1000 + frame] == source.floatChannelData![0][frame]) }
  }
}
