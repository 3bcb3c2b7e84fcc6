import AVFoundationTwin
// Reading a file's audio track as file-transcription code does: AVURLAsset, loadTracks, AVAssetReader
// with a linear PCM track output, CMSampleBuffers out. The twin reads what libsndfile reads.
import AudioPCM
import Foundation
import SpeechReplayTestSupport
import Testing

@Suite struct AVAssetReaderTests {
  static let fox = TestFiles.audio.appendingPathComponent("quick-brown-fox-48k.wav")

  /// Reads every sample buffer of `url`'s audio track with `settings`; the frames and the buffers' formats.
  static func read(
    _ url: URL, settings: [String: Any]?
  ) async throws -> (
    frames: Int, buffers: Int, asbd: AudioStreamBasicDescription?, status: AVAssetReader.Status, times: [Double]
  ) {
    let asset = AVURLAsset(url: url)
    let tracks = try await asset.loadTracks(withMediaType: .audio)
    #expect(tracks.count == 1)
    #expect(try await asset.loadTracks(withMediaType: .video).isEmpty)
    let reader = try AVAssetReader(asset: asset)
    let output = AVAssetReaderTrackOutput(track: tracks[0], outputSettings: settings)
    #expect(reader.canAdd(output))
    reader.add(output)
    #expect(reader.startReading())
    #expect(reader.status == .reading)
    var frames = 0
    var buffers = 0
    var asbd: AudioStreamBasicDescription?
    var times: [Double] = []
    while let sampleBuffer = output.copyNextSampleBuffer() {
      frames += CMSampleBufferGetNumSamples(sampleBuffer)
      buffers += 1
      times.append(CMSampleBufferGetPresentationTimeStamp(sampleBuffer).seconds)
      asbd = CMSampleBufferGetFormatDescription(sampleBuffer).flatMap {
        CMAudioFormatDescriptionGetStreamBasicDescription($0)?.pointee
      }
    }
    return (frames, buffers, asbd, reader.status, times)
  }

  @Test func theAudioTrackReadsAsInt16At16kHzLikeAnAppAsksForIt() async throws {
    let settings: [String: Any] = [
      AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 16_000, AVNumberOfChannelsKey: 1,
      AVLinearPCMBitDepthKey: 16,
      AVLinearPCMIsFloatKey: false, AVLinearPCMIsNonInterleaved: false,
    ]
    let result = try await Self.read(Self.fox, settings: settings)
    let file = try AudioFile(forReading: Self.fox.path)
    let expected = Int((Double(file.frameCount) / 3).rounded())
    #expect(abs(result.frames - expected) <= 2, "\(result.frames) frames, expected about \(expected)")
    #expect(result.status == .completed)
    #expect(result.asbd?.mSampleRate == 16_000)
    #expect(result.asbd?.mBitsPerChannel == 16)
    #expect(result.asbd?.mChannelsPerFrame == 1)
    #expect(result.times.first == 0)
    #expect(result.times.count == result.buffers && result.times == result.times.sorted())
  }

  @Test func nilSettingsGiveFloat32AtTheFilesFormatAndCancellingStops() async throws {
    let whole = try await Self.read(Self.fox, settings: nil)
    let file = try AudioFile(forReading: Self.fox.path)
    #expect(whole.frames == file.frameCount)
    #expect(whole.asbd?.mSampleRate == 48_000)
    #expect(((whole.asbd?.mFormatFlags ?? 0) & kAudioFormatFlagIsFloat) != 0)
    let asset = AVURLAsset(url: Self.fox)
    let reader = try AVAssetReader(asset: asset)
    let output = AVAssetReaderTrackOutput(
      track: try await asset.loadTracks(withMediaType: .audio)[0], outputSettings: nil)
    reader.add(output)
    reader.startReading()
    #expect(output.copyNextSampleBuffer() != nil)
    reader.cancelReading()
    #expect(reader.status == .cancelled)
    #expect(output.copyNextSampleBuffer() == nil)
  }

  @Test func propertiesLoadAsynchronouslyAsModernCodeAsksForThem() async throws {
    let asset = AVURLAsset(url: Self.fox)
    let duration = try await asset.load(.duration)
    let file = try AudioFile(forReading: Self.fox.path)
    #expect(duration == CMTime(value: CMTimeValue(file.frameCount), timescale: 48_000))
    #expect(try await asset.load(.tracks).map(\.mediaType) == [.audio])
    #expect(try await asset.load(.isPlayable))
    let missing = AVURLAsset(url: URL(fileURLWithPath: "/nonexistent/memo.wav"))
    #expect(try await !missing.load(.isReadable))
    await #expect(throws: NSError.self) { try await missing.load(.duration) }
  }

  @Test func unreadableFilesFailAsAppleDocumentsAFailure() async throws {
    let missing = AVURLAsset(url: URL(fileURLWithPath: "/nonexistent/memo.wav"))
    await #expect(throws: NSError.self) { try await missing.loadTracks(withMediaType: .audio) }
    #expect(throws: NSError.self) { try AVAssetReader(asset: missing) }
    let folder = try TemporaryFolder(prefix: "asset-reader").url
    let text = folder.appendingPathComponent("notes.wav")
    try Data("not audio".utf8).write(to: text)
    do {
      _ = try await AVURLAsset(url: text).loadTracks(withMediaType: .audio)
      Issue.record("a text file read as audio")
    } catch let error as NSError {
      #expect(error.domain == AVFoundationErrorDomain && error.code == -11_828)
    }
    // Compressed output settings: the reader fails to start with decodeFailed.
    let asset = AVURLAsset(url: Self.fox)
    let reader = try AVAssetReader(asset: asset)
    reader.add(
      AVAssetReaderTrackOutput(
        track: try await asset.loadTracks(withMediaType: .audio)[0],
        outputSettings: [AVFormatIDKey: 0x6161_6320 as UInt32]))
    #expect(!reader.startReading())
    #expect(reader.status == .failed)
    #expect((reader.error as NSError?)?.code == -11_821)
  }
}
