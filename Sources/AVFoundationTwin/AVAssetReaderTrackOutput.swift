public import AVFAudioTwin
internal import AudioPCM
public import CoreMediaTwin
public import Foundation
import SimulatedDevice

/// Reads a track's audio as linear PCM sample buffers — the twin of `AVAssetReaderTrackOutput`.
///
/// Output settings: `AVFormatIDKey` linear PCM, optionally `AVSampleRateKey` and
/// `AVNumberOfChannelsKey` (converted with AudioPCM's converter when they differ from the file's),
/// `AVLinearPCMBitDepthKey`, `AVLinearPCMIsFloatKey`, `AVLinearPCMIsNonInterleaved` (missing keys:
/// the file's rate and channels, 16-bit integer, interleaved). **Twin decisions**: nil settings give
/// Float32 interleaved at the file's rate and channels (Apple gives the stored format, which the twin
/// does not carry); settings that are not linear PCM make ``AVAssetReader/startReading()`` fail with
/// `AVFoundationErrorDomain` -11821 (`AVError.decodeFailed`); each sample buffer holds up to
/// 8,192 frames (Apple documents no size).
open class AVAssetReaderTrackOutput: AVAssetReaderOutput, @unchecked Sendable {
  /// The track read.
  public let track: AVAssetTrack
  /// The settings the samples are delivered in.
  public let outputSettings: [String: Any]?

  private let lock = NSLock()
  private var session: Session?
  private var finished = false
  private weak var reader: AVAssetReader?

  /// The open file, the converter to the output format, and where the next sample buffer starts.
  private final class Session {
    let file: AudioFile
    let converter: SampleRateConverter
    let format: AVAudioFormat
    let readBuffer: PCMBuffer
    var endOfFile = false
    var framesDelivered: Int64 = 0

    init(file: AudioFile, converter: SampleRateConverter, format: AVAudioFormat) {
      self.file = file
      self.converter = converter
      self.format = format
      self.readBuffer = PCMBuffer(
        format: file.processingFormat, frameCapacity: AVAssetReaderTrackOutput.framesPerBuffer)
    }
  }

  static let framesPerBuffer = 8_192

  /// Creates an output for a track.
  /// - Parameters:
  ///   - track: An audio track from ``AVAsset/loadTracks(withMediaType:)``.
  ///   - outputSettings: Linear PCM settings, or nil (see above).
  public init(track: AVAssetTrack, outputSettings: [String: Any]?) {
    self.track = track
    self.outputSettings = outputSettings
  }

  /// The track's media type.
  open override var mediaType: AVMediaType { track.mediaType }

  var isFinished: Bool { lock.withLock { finished } }

  /// Opens the file for reading (called by ``AVAssetReader/startReading()``).
  func start(reader: AVAssetReader) throws {
    guard let asset = track.asset else { throw NSError(domain: AVFoundationErrorDomain, code: -11_800) }
    let file = try AudioFile(forReading: asset.fileURL.path)
    var settings =
      outputSettings ?? [AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMIsFloatKey: true, AVLinearPCMBitDepthKey: 32]
    if settings[AVSampleRateKey] == nil { settings[AVSampleRateKey] = file.fileFormat.sampleRate }
    if settings[AVNumberOfChannelsKey] == nil { settings[AVNumberOfChannelsKey] = file.fileFormat.channelCount }
    guard let format = AVAudioFormat(settings: settings),
      let target = try? AudioFormat(
        sampleRate: format.sampleRate, channelCount: Int(format.channelCount),
        sampleType: format.commonFormat.sampleTypeForReading, isInterleaved: format.isInterleaved)
    else {
      file.close()
      throw NSError(
        domain: AVFoundationErrorDomain, code: -11_821,
        userInfo: [
          NSLocalizedDescriptionKey: "Cannot Decode",
          NSLocalizedFailureReasonErrorKey:
            "the output settings do not describe linear PCM the twin produces: \(settings)",
        ])
    }
    let converter = try SampleRateConverter(
      from: file.processingFormat, to: target, quality: .medium, engine: SimulatedDevice.resamplingEngine)
    lock.withLock {
      session = Session(file: file, converter: converter, format: format)
      finished = false
      self.reader = reader
    }
  }

  /// The next sample buffer of up to 8,192 frames, or nil at the end (the reader is then
  /// `.completed`), after a failure, or when the reader is not reading.
  open override func copyNextSampleBuffer() -> CMSampleBuffer? {
    guard let reader = lock.withLock({ self.reader }), reader.isReading else { return nil }
    let next = lock.withLock { () -> Result<CMSampleBuffer?, any Error> in
      guard let session else { return .success(nil) }
      do {
        return .success(try produce(session))
      } catch {
        return .failure(error)
      }
    }
    switch next {
    case .success(let buffer?):
      return buffer
    case .success(nil):
      lock.withLock {
        finished = true
        session?.file.close()
        session = nil
      }
      reader.outputFinished()
      return nil
    case .failure(let error):
      reader.fail(error)
      return nil
    }
  }

  /// Converts up to one buffer's worth (called under the lock); nil once everything is delivered.
  private func produce(_ session: Session) throws -> CMSampleBuffer? {
    let target = session.converter.outputFormat
    let output = PCMBuffer(format: target, frameCapacity: Self.framesPerBuffer)
    var produced = 0
    while produced < Self.framesPerBuffer {
      let part = PCMBuffer(format: target, frameCapacity: Self.framesPerBuffer - produced)
      let result: SampleRateConverter.Result
      if session.converter.pendingFrameCount > 0 {
        result = try session.converter.convert(nil, into: part)
      } else if !session.endOfFile {
        let read = try session.file.read(into: session.readBuffer, frameCount: Self.framesPerBuffer)
        session.endOfFile = read < Self.framesPerBuffer
        result = try session.converter.convert(session.readBuffer, into: part, endOfInput: session.endOfFile)
      } else {
        break
      }
      guard result.framesProduced > 0 || !session.endOfFile || session.converter.pendingFrameCount > 0 else { break }
      let frameBytes = part.stride * target.sampleType.byteCount
      for plane in 0..<output.planeCount {
        (output.rawPlane(plane) + produced * frameBytes).copyMemory(
          from: part.rawPlane(plane), byteCount: result.framesProduced * frameBytes)
      }
      produced += result.framesProduced
    }
    guard produced > 0 else { return nil }
    output.frameLength = produced
    let sampleBuffer = try Self.sampleBuffer(output, format: session.format, at: session.framesDelivered)
    session.framesDelivered += Int64(produced)
    return sampleBuffer
  }

  /// A Core Media sample buffer holding `buffer`'s frames (planes one after another).
  private static func sampleBuffer(_ buffer: PCMBuffer, format: AVAudioFormat, at frame: Int64) throws -> CMSampleBuffer
  {
    let frameBytes = buffer.stride * buffer.format.sampleType.byteCount
    let planeBytes = buffer.frameLength * frameBytes
    var block: CMBlockBuffer?
    var status = CMBlockBufferCreateWithMemoryBlock(
      allocator: nil, memoryBlock: nil, blockLength: planeBytes * buffer.planeCount, blockAllocator: nil,
      customBlockSource: nil, offsetToData: 0,
      dataLength: planeBytes * buffer.planeCount, flags: 0, blockBufferOut: &block)
    guard status == noErr, let block else { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
    for plane in 0..<buffer.planeCount {
      CMBlockBufferReplaceDataBytes(
        with: buffer.rawPlane(plane), blockBuffer: block, offsetIntoDestination: plane * planeBytes,
        dataLength: planeBytes)
    }
    var description: CMAudioFormatDescription?
    status = CMAudioFormatDescriptionCreate(
      allocator: nil, asbd: format.streamDescription, layoutSize: 0, layout: nil, magicCookieSize: 0, magicCookie: nil,
      extensions: nil,
      formatDescriptionOut: &description)
    guard status == noErr, let description else { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
    var sampleBuffer: CMSampleBuffer?
    status = CMAudioSampleBufferCreateReadyWithPacketDescriptions(
      allocator: nil, dataBuffer: block, formatDescription: description, sampleCount: buffer.frameLength,
      presentationTimeStamp: CMTime(value: frame, timescale: CMTimeScale(format.sampleRate.rounded())),
      packetDescriptions: nil, sampleBufferOut: &sampleBuffer)
    guard status == noErr, let sampleBuffer else { throw NSError(domain: NSOSStatusErrorDomain, code: Int(status)) }
    return sampleBuffer
  }
}

extension AVAudioCommonFormat {
  /// The AudioPCM sample type of an output format.
  var sampleTypeForReading: AudioFormat.SampleType {
    switch self {
    case .pcmFormatInt16: .int16
    case .pcmFormatInt32: .int32
    case .pcmFormatFloat64: .float64
    default: .float32
    }
  }
}
