internal import CSndFile
import Foundation

/// An audio file being written through libsndfile: WAV, CAF, AIFF, FLAC, Ogg Vorbis/Opus, MP3 and more.
///
/// Create it with a container, an encoding and a format (rate and channel count), write buffers of
/// any sample type and layout with that channel count and rate, then ``close()`` to finish the header.
///
/// ```swift
/// let writer = try AudioFileWriter(
///   path: "out.flac", container: .flac, encoding: .pcm16,
///   format: try .standard(sampleRate: 16_000, channelCount: 1))
/// try writer.write(buffer)
/// try writer.close()
/// ```
///
/// Floating-point samples written to integer encodings are scaled with full scale 2^15 (2^31),
/// the same scale ``AudioFile`` reads with, and clip instead of wrapping.
///
/// > Warning: An `AudioFileWriter` is not thread-safe; use it from one thread at a time.
public final class AudioFileWriter {
  /// The file's path as given.
  public let path: String
  /// The container being written.
  public let container: AudioFile.Container
  /// The encoding being written.
  public let encoding: AudioFile.Encoding
  /// The file's rate and channel count (the sample type and layout are those of the written buffers).
  public let format: AudioFormat
  /// Frames written so far.
  public private(set) var framesWritten = 0

  private var handle: OpaquePointer?
  private let scratch = ScratchStorage()
  /// Where the samples go until ``close()`` when writing atomically.
  private let replacement: FileReplacement?

  /// Creates (or replaces) a file and writes its header.
  ///
  /// - Parameters:
  ///   - path: Where to write; the folder must exist.
  ///   - container: The container, such as `.wav`, `.caf` or `.flac`.
  ///   - encoding: The encoding; `nil` picks ``AudioFile/Container/defaultEncoding(for:)`` for the format's sample type.
  ///   - format: The sample rate and channel count to write.
  ///   - atomically: When `true`, the samples go to a temporary file beside `path` that ``close()``
  ///     renames into place, so a failed or killed write leaves an existing file at `path` intact
  ///     (``FileReplacement``); a writer released without ``close()`` then leaves nothing behind.
  ///     When `false` (the default, as `AVAudioFile` writes), the file at `path` grows as buffers are written.
  /// - Throws: ``AudioFileError`` when the container cannot hold this encoding, rate or channel
  ///   count, or the file cannot be created.
  public init(
    path: String, container: AudioFile.Container, encoding: AudioFile.Encoding? = nil, format: AudioFormat,
    atomically: Bool = false
  ) throws {
    self.path = path
    self.container = container
    let encoding = encoding ?? container.defaultEncoding(for: format.sampleType)
    self.encoding = encoding
    self.format = format
    guard let major = SndFileFormat.code(of: container), let minor = SndFileFormat.code(of: encoding) else {
      throw AudioFileError(
        code: .unsupportedFormat, path: path,
        message:
          "cannot write \(container) files with \(encoding) encoding; choose one of \(AudioFile.Container.writable.map(\.description).joined(separator: ", "))"
      )
    }
    guard format.sampleRate == format.sampleRate.rounded(), format.sampleRate <= Double(Int32.max) else {
      throw AudioFileError(
        code: .unsupportedFormat, path: path,
        message:
          "audio files store whole sample rates; \(format.sampleRate) Hz is not one — convert to a whole rate first")
    }
    var info = SF_INFO()
    info.samplerate = Int32(format.sampleRate)
    info.channels = Int32(format.channelCount)
    info.format = major | minor
    guard sf_format_check(&info) != 0 else {
      throw AudioFileError(
        code: .unsupportedFormat, path: path,
        message:
          "libsndfile cannot write \(encoding) in a \(container) file at \(Int(format.sampleRate)) Hz with \(format.channelCount) channel(s); choose another encoding, container, rate or channel count"
      )
    }
    let replacement = atomically ? try FileReplacement(replacing: path) : nil
    self.replacement = replacement
    // Through a descriptor of the temporary file, which is never re-created after an interruption's cleanup removed it.
    let attempt =
      if let replacement {
        SndFileFormat.open(descriptor: try replacement.openForWriting(), mode: Int32(SFM_WRITE), info: &info)
      } else {
        SndFileFormat.open(path, mode: Int32(SFM_WRITE), info: &info)
      }
    guard let handle = attempt.handle else {
      let libraryMessage = attempt.failure
      if libraryMessage.lowercased().contains("system error") {
        throw AudioFileError(
          code: .cannotOpen, path: path,
          message: "cannot create the file ('\(libraryMessage)'); check that the folder exists and is writable")
      }
      throw AudioFileError(
        code: .unsupportedFormat, path: path,
        message:
          "libsndfile cannot write \(encoding) in a \(container) file at \(Int(format.sampleRate)) Hz with \(format.channelCount) channel(s) ('\(libraryMessage)'); choose another encoding, container, rate or channel count"
      )
    }
    self.handle = handle
    // Out-of-range floats clip at full scale instead of wrapping around.
    sf_command(handle, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
  }

  deinit {
    if let handle { sf_close(handle) }
  }

  /// Appends a buffer's valid frames to the file.
  ///
  /// - Parameter buffer: A buffer with the file's channel count and sample rate, any sample type and layout.
  /// - Throws: ``AudioFileError`` when the buffer does not fit, the writer is closed, or libsndfile
  ///   cannot write (for example a full disk).
  public func write(_ buffer: PCMBuffer) throws {
    guard let handle else {
      throw AudioFileError(code: .closed, path: path, message: "the writer was closed; create a new one to write more")
    }
    guard buffer.format.channelCount == format.channelCount, buffer.format.sampleRate == format.sampleRate else {
      throw AudioFileError(
        code: .formatMismatch, path: path,
        message:
          "the buffer is \(buffer.format) but the file is \(Int(format.sampleRate)) Hz with \(format.channelCount) channel(s); convert the buffer with SampleRateConverter first"
      )
    }
    let frames = buffer.frameLength
    guard frames > 0 else { return }
    let written = writeFrames(handle, buffer, frames)
    guard written == frames else {
      throw AudioFileError(
        code: .writeFailed, path: path,
        message:
          "libsndfile wrote \(written) of \(frames) frames ('\(SndFileFormat.errorMessage(handle))'); check free disk space"
      )
    }
    framesWritten += frames
  }

  /// Finishes the header and closes the file. Closing twice does nothing.
  ///
  /// - Throws: ``AudioFileError`` when libsndfile cannot finish the file.
  public func close() throws {
    guard let handle else { return }
    self.handle = nil
    let status = sf_close(handle)
    guard status == 0 else {
      replacement?.discard()
      throw AudioFileError(
        code: .writeFailed, path: path,
        message:
          "libsndfile could not finish the file ('\(String(cString: sf_error_number(status)))'); check free disk space and write again"
      )
    }
    try replacement?.commit()
  }

  private func writeFrames(_ handle: OpaquePointer, _ buffer: PCMBuffer, _ frames: Int) -> Int {
    let channels = format.channelCount
    let direct = buffer.format.isInterleaved || channels == 1
    let integerFile = encoding.decodesToIntegers
    switch buffer.format.sampleType {
    case .int16:
      let source = direct ? UnsafePointer(buffer.int16ChannelData![0]) : gather(buffer, frames, as: Int16.self) { $0 }
      return Int(sf_writef_short(handle, source, sf_count_t(frames)))
    case .int32:
      let source = direct ? UnsafePointer(buffer.int32ChannelData![0]) : gather(buffer, frames, as: Int32.self) { $0 }
      return Int(sf_writef_int(handle, source, sf_count_t(frames)))
    case .float32 where integerFile:
      // libsndfile scales floats by 2^15 - 1 on write but 2^15 on read; scaling here keeps a
      // round trip exact.
      let source: UnsafePointer<Int32> = gather(buffer, frames, as: Float.self) { SampleScaling.int32(Double($0)) }
      return Int(sf_writef_int(handle, source, sf_count_t(frames)))
    case .float64 where integerFile:
      let source: UnsafePointer<Int32> = gather(buffer, frames, as: Double.self) { SampleScaling.int32($0) }
      return Int(sf_writef_int(handle, source, sf_count_t(frames)))
    case .float32:
      let source = direct ? UnsafePointer(buffer.floatChannelData![0]) : gather(buffer, frames, as: Float.self) { $0 }
      return Int(sf_writef_float(handle, source, sf_count_t(frames)))
    case .float64:
      let source =
        direct ? UnsafePointer(buffer.float64ChannelData![0]) : gather(buffer, frames, as: Double.self) { $0 }
      return Int(sf_writef_double(handle, source, sf_count_t(frames)))
    }
  }

  /// Interleaves a buffer of any layout into scratch memory, converting each sample.
  private func gather<Source, Target>(
    _ buffer: PCMBuffer, _ frames: Int, as source: Source.Type, _ convert: (Source) -> Target
  ) -> UnsafePointer<Target> {
    let channels = buffer.format.channelCount
    let target = scratch.reserve(frames * channels, of: Target.self)
    for plane in 0..<buffer.planeCount {
      let samples = buffer.rawPlane(plane).assumingMemoryBound(to: Source.self)
      if buffer.format.isInterleaved {
        for index in 0..<(frames * channels) { target[index] = convert(samples[index]) }
      } else {
        for frame in 0..<frames { target[frame * channels + plane] = convert(samples[frame]) }
      }
    }
    return UnsafePointer(target)
  }
}
