import AudioPCM
import Foundation
import SpeechReplayTestSupport
import Testing

@testable import SpeechReplay

/// The kept summaries of scenarios' audio files are only reused while the file is the same: a file
/// written again at the same path is read again, so a scenario's audio length is never stale.
@Suite struct AudioFileSummariesTests {
  static func writeSilence(seconds: Double, to path: String) throws {
    let format = try AudioFormat(sampleRate: 16_000, channelCount: 1, sampleType: .float32, isInterleaved: false)
    let frames = Int(seconds * 16_000)
    let buffer = PCMBuffer(format: format, frameCapacity: frames)
    buffer.frameLength = frames
    let writer = try AudioFileWriter(path: path, container: .wav, format: format)
    try writer.write(buffer)
    try writer.close()
  }

  @Test func aFileRewrittenAtTheSamePathIsReadAgain() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.url.appendingPathComponent("a.wav").path
    try Self.writeSilence(seconds: 1, to: path)
    #expect(try AudioFileSummaries.summary(ofFileAt: path).seconds == 1)
    #expect(try AudioFileSummaries.summary(ofFileAt: path).seconds == 1)
    try Self.writeSilence(seconds: 2.5, to: path)
    #expect(try AudioFileSummaries.summary(ofFileAt: path).seconds == 2.5)
  }

  @Test func aScenarioSeesItsAudioFilesCurrentLength() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let audio = folder.url.appendingPathComponent("speech.wav").path
    let scenario = try folder.write(
      "s.yaml", "schema: 1\nname: s\naudio: speech.wav\nsteps: [start, { play: end }, stop]\n")
    try Self.writeSilence(seconds: 0.5, to: audio)
    #expect(try Scenario.load(fileAt: scenario).audioDuration == 0.5)
    try Self.writeSilence(seconds: 0.75, to: audio)
    #expect(try Scenario.load(fileAt: scenario).audioDuration == 0.75)
  }

  @Test func aMissingFileStillFailsToLoad() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.url.appendingPathComponent("gone.wav").path
    try Self.writeSilence(seconds: 1, to: path)
    _ = try AudioFileSummaries.summary(ofFileAt: path)
    try FileManager.default.removeItem(atPath: path)
    #expect(throws: (any Error).self) { try AudioFileSummaries.summary(ofFileAt: path) }
  }
}
