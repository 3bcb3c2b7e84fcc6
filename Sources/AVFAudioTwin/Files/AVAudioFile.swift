internal import AudioPCM
import Foundation
import SimulatedDevice
import Simulation

/// An audio file open for reading or writing in PCM buffers — the twin of `AVAudioFile`, on
/// AudioPCM's libsndfile reader and writer.
///
/// The file's own format is ``fileFormat``; buffers are read and written in ``processingFormat``
/// (by default standard deinterleaved Float32 at the file's rate). Reads are sequential from
/// ``framePosition``, which can be set for random access.
///
/// ```swift
/// let file = try AVAudioFile(forReading: url)
/// let buffer = AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 4096)!
/// try file.read(into: buffer)   // buffer.frameLength == 0 at the end of the file
/// ```
///
/// Errors are `NSError`s in domain `com.apple.coreaudio.avfaudio` with Apple's Core Audio codes
/// (`'typ?'` 1954115647 for a file that is not audio); the localized description names the file
/// and says what to do. Damage AudioPCM works around (a recording cut short) becomes a diagnostic.
/// An open file is counted in the simulation's ledger as ``Simulation/ResourceKind/openAudioFiles``
/// until ``close()`` or release.
///
/// `Sendable` as in the 26 SDKs (the header marks the class `NS_SWIFT_SENDABLE`): a file may be
/// handed to another task, for example to `SpeechAnalyzer(inputAudioFile:…)`. Like Apple's, it is
/// not safe to read from two tasks at once.
public class AVAudioFile: NSObject, @unchecked Sendable {
  // @unchecked: Apple's declaration; the reading position is the caller's to serialise.
  /// The location of the file.
  public let url: URL
  /// The format of the samples in the file.
  public let fileFormat: AVAudioFormat
  /// The format of the buffers read from or written to the file.
  public let processingFormat: AVAudioFormat

  private var reader: AudioFile?
  private var writer: AudioFileWriter?
  private var position: AVAudioFramePosition = 0
  private var reportedWarnings = 0
  private var lease: LedgerLease?
  private let tracker = LiveObjectTracker(AVAudioFile.self)

  /// Opens a file for reading, with a standard (Float32, deinterleaved) processing format at the file's rate.
  ///
  /// - Parameter fileURL: The file to read.
  /// - Throws: `NSError` in `com.apple.coreaudio.avfaudio`: 2003334207 (`'wht?'`) when the file cannot
  ///   be opened, 1954115647 (`'typ?'`) when it is not audio, 1685348671 (`'dta?'`) when it is damaged.
  public convenience init(forReading fileURL: URL) throws {
    try self.init(forReading: fileURL, commonFormat: .pcmFormatFloat32, interleaved: false)
  }

  /// Opens a file for reading with a processing format of the given sample type and layout.
  ///
  /// - Parameters:
  ///   - fileURL: The file to read.
  ///   - format: The sample type of the buffers to read into.
  ///   - interleaved: Whether the buffers are interleaved.
  /// - Throws: `NSError` in `com.apple.coreaudio.avfaudio`, as ``init(forReading:)`` does; -50 for
  ///   ``AVAudioCommonFormat/otherFormat``.
  public init(forReading fileURL: URL, commonFormat format: AVAudioCommonFormat, interleaved: Bool) throws {
    url = fileURL
    let reader: AudioFile
    do {
      reader = try AudioFile(forReading: fileURL.path)
    } catch let error as AudioFileError {
      throw Self.error(error)
    }
    guard format != .otherFormat else {
      throw Self.error(
        code: AVAudioFileErrorCode.parameter, path: fileURL.path,
        "the processing format must be a PCM common format, not .otherFormat; use .pcmFormatFloat32 or .pcmFormatInt16")
    }
    guard let fileFormat = AVAudioFormat(reader.fileFormat),
      let processing = AVAudioFormat(
        commonFormat: format, sampleRate: reader.fileFormat.sampleRate,
        channels: AVAudioChannelCount(reader.fileFormat.channelCount),
        interleaved: interleaved)
    else {
      throw Self.error(
        code: AVAudioFileErrorCode.unsupportedDataFormat, path: fileURL.path,
        "the file has \(reader.fileFormat.channelCount) channels; the twin reads mono and stereo files only — mix it down first (for example with sox)"
      )
    }
    self.reader = reader
    self.fileFormat = fileFormat
    processingFormat = processing
    super.init()
    lease = Simulation.current?.ledger.acquire(.openAudioFiles, label: fileURL.lastPathComponent)
    reportNewWarnings()
  }

  /// Creates a file for writing (replacing one that exists), with a standard processing format.
  ///
  /// - Parameters:
  ///   - fileURL: Where to write; the extension picks the container (`wav`, `caf`, `aif`, `flac`, …).
  ///   - settings: `AVFormatIDKey` (linear PCM only), `AVSampleRateKey`, `AVNumberOfChannelsKey`,
  ///     `AVLinearPCMBitDepthKey`, `AVLinearPCMIsFloatKey`, as in ``AVAudioFormat/settings``.
  /// - Throws: `NSError` in `com.apple.coreaudio.avfaudio` when the settings or the container are
  ///   not supported or the file cannot be created.
  public convenience init(forWriting fileURL: URL, settings: [String: Any]) throws {
    try self.init(forWriting: fileURL, settings: settings, commonFormat: .pcmFormatFloat32, interleaved: false)
  }

  /// Creates a file for writing with a processing format of the given sample type and layout.
  ///
  /// - Parameters:
  ///   - fileURL: Where to write; the extension picks the container.
  ///   - settings: The file's format, as for ``init(forWriting:settings:)``.
  ///   - format: The sample type of the buffers to write.
  ///   - interleaved: Whether the buffers are interleaved.
  /// - Throws: `NSError` in `com.apple.coreaudio.avfaudio` when the settings or the container are
  ///   not supported or the file cannot be created.
  public init(
    forWriting fileURL: URL, settings: [String: Any], commonFormat format: AVAudioCommonFormat, interleaved: Bool
  ) throws {
    url = fileURL
    let path = fileURL.path
    let file = try AVAudioFileSettings(settings, path: path)
    guard let container = AudioFile.Container(fileExtension: fileURL.pathExtension) else {
      throw Self.error(
        code: AVAudioFileErrorCode.unsupportedFileType, path: path,
        "the extension '.\(fileURL.pathExtension)' names no container the twin can write; use .wav, .caf, .aif or .flac"
      )
    }
    guard format != .otherFormat,
      let fileFormat = AVAudioFormat(
        commonFormat: file.commonFormat, sampleRate: file.sampleRate, channels: file.channels, interleaved: true),
      let processing = AVAudioFormat(
        commonFormat: format, sampleRate: file.sampleRate, channels: file.channels, interleaved: interleaved),
      let audioFormat = processing.audioFormat
    else {
      throw Self.error(
        code: AVAudioFileErrorCode.unsupportedDataFormat, path: path,
        "cannot write \(file.channels) channel(s) at \(file.sampleRate) Hz; give 1 or 2 channels, a positive rate and a PCM processing format"
      )
    }
    let encoding: AudioFile.Encoding =
      file.bitDepth == 16 ? .pcm16 : file.bitDepth == 24 ? .pcm24 : file.isFloat ? .float32 : .pcm32
    do {
      writer = try AudioFileWriter(path: path, container: container, encoding: encoding, format: audioFormat)
    } catch let error as AudioFileError {
      throw Self.error(error)
    }
    self.fileFormat = fileFormat
    processingFormat = processing
    super.init()
    lease = Simulation.current?.ledger.acquire(.openAudioFiles, label: fileURL.lastPathComponent)
  }

  deinit { close() }

  /// The number of frames in the file (read) or written so far (write).
  public var length: AVAudioFramePosition {
    if let reader { return AVAudioFramePosition(reader.frameCount) }
    if let writer { return AVAudioFramePosition(writer.framesWritten) }
    return position
  }

  /// The frame the next read starts at (or the next write, which always appends).
  ///
  /// Setting a position beyond ``length`` is allowed; reads there give no frames. A negative
  /// position is treated as 0 and reported as a diagnostic.
  public var framePosition: AVAudioFramePosition {
    get { writer.map { AVAudioFramePosition($0.framesWritten) } ?? position }
    set {
      if newValue < 0 {
        SimulatedDevice.current.diagnose(
          "AVAudioFile",
          "\(url.lastPathComponent): framePosition was set to \(newValue); the twin reads from frame 0 instead")
      }
      position = max(0, newValue)
    }
  }

  /// Whether the file is open (it closes on ``close()`` and when released).
  public var isOpen: Bool { reader != nil || writer != nil }

  /// Reads from ``framePosition`` up to the buffer's capacity; at the end of the file the buffer's
  /// `frameLength` becomes 0 and nothing is thrown.
  ///
  /// - Parameter buffer: A buffer in ``processingFormat``.
  /// - Throws: `NSError` in `com.apple.coreaudio.avfaudio`: -50 when the buffer's format is not
  ///   the processing format, -38 when the file is closed or open for writing, 1685348671 when
  ///   reading fails.
  public func read(into buffer: AVAudioPCMBuffer) throws {
    try read(into: buffer, frameCount: buffer.frameCapacity)
  }

  /// Reads up to `frames` frames from ``framePosition`` into the buffer.
  ///
  /// - Parameters:
  ///   - buffer: A buffer in ``processingFormat``.
  ///   - frames: The most frames to read; at most the buffer's capacity.
  /// - Throws: `NSError` as ``read(into:)`` does; -50 when `frames` exceeds the buffer's capacity.
  public func read(into buffer: AVAudioPCMBuffer, frameCount frames: AVAudioFrameCount) throws {
    guard let reader else {
      throw Self.error(
        code: AVAudioFileErrorCode.notOpen, path: url.path,
        writer == nil
          ? "the file was closed; open a new AVAudioFile to read"
          : "the file is open for writing; open it with init(forReading:) to read")
    }
    guard buffer.format == processingFormat else {
      throw Self.error(
        code: AVAudioFileErrorCode.parameter, path: url.path,
        "the buffer is \(buffer.format) but the file's processingFormat is \(processingFormat); allocate the buffer with file.processingFormat"
      )
    }
    guard frames <= buffer.frameCapacity else {
      throw Self.error(
        code: AVAudioFileErrorCode.parameter, path: url.path,
        "asked for \(frames) frames but the buffer holds \(buffer.frameCapacity); ask for at most the buffer's frameCapacity"
      )
    }
    if position >= AVAudioFramePosition(reader.frameCount) {
      buffer.frameLength = 0
      return
    }
    do {
      if reader.framePosition != Int(position) { try reader.seek(toFrame: Int(position)) }
      let got = try reader.read(into: buffer.storage, frameCount: Int(frames))
      position += AVAudioFramePosition(got)
    } catch let error as AudioFileError {
      throw Self.error(error)
    }
    reportNewWarnings()
  }

  /// Appends the buffer's frames to the file.
  ///
  /// - Parameter buffer: A buffer in ``processingFormat``.
  /// - Throws: `NSError` in `com.apple.coreaudio.avfaudio`: -50 when the buffer's format is not the
  ///   processing format, -38 when the file is closed or open for reading, 2003334207 when writing fails.
  public func write(from buffer: AVAudioPCMBuffer) throws {
    guard let writer else {
      throw Self.error(
        code: AVAudioFileErrorCode.notOpen, path: url.path,
        reader == nil
          ? "the file was closed; open a new AVAudioFile to write"
          : "the file is open for reading; open it with init(forWriting:settings:) to write")
    }
    guard buffer.format == processingFormat else {
      throw Self.error(
        code: AVAudioFileErrorCode.parameter, path: url.path,
        "the buffer is \(buffer.format) but the file's processingFormat is \(processingFormat); convert the buffer with AVAudioConverter first"
      )
    }
    do {
      try writer.write(buffer.storage)
    } catch let error as AudioFileError {
      throw Self.error(error)
    }
  }

  /// Closes the file: a written file's header is finished; later reads and writes throw. Closing
  /// twice does nothing.
  public func close() {
    reader?.close()
    reader = nil
    if let writer {
      do {
        try writer.close()
      } catch {
        SimulatedDevice.current.diagnose(
          "AVAudioFile", "\(error); Apple's AVAudioFile would also leave the file incomplete")
      }
      position = AVAudioFramePosition(writer.framesWritten)
    }
    writer = nil
    try? lease?.release()
    lease = nil
  }

  /// Turns AudioPCM's warnings (a recording cut short, a misleading extension) into diagnostics.
  private func reportNewWarnings() {
    guard let reader, reader.warnings.count > reportedWarnings else { return }
    for warning in reader.warnings[reportedWarnings...] {
      SimulatedDevice.current.diagnose(
        "AVAudioFile", "\(warning.description) (Apple's AVAudioFile reads such a file without telling you)")
    }
    reportedWarnings = reader.warnings.count
  }
}
