internal import CSndFile
import Foundation

/// An audio file open for reading through libsndfile: WAV, CAF, AIFF, FLAC, Ogg Vorbis/Opus, MP3
/// and the other formats libsndfile knows.
///
/// Reads stream in chunks of any size into a ``PCMBuffer`` of any sample type and layout with
/// the file's channel count and sample rate; libsndfile converts the sample type. A recording
/// that was cut short (a truncated file, a size field larger than the file) is read as far as it
/// goes, and ``warnings`` says how much is missing.
///
/// ```swift
/// let file = try AudioFile(forReading: "fixtures/audio/hello-world.wav")
/// let buffer = PCMBuffer(format: file.processingFormat, frameCapacity: 4096)
/// while try file.read(into: buffer) > 0 { /* use buffer */ }
/// ```
///
/// > Warning: An `AudioFile` is not thread-safe; use it from one thread at a time.
public final class AudioFile {
  /// The file's path as given.
  public let path: String
  /// The container the file's bytes hold (not guessed from the name).
  public let container: Container
  /// How samples are stored in the container.
  public let encoding: Encoding
  /// The file's own format: its rate and channel count, the sample type that holds its encoding
  /// without loss, interleaved.
  public let fileFormat: AudioFormat
  /// The standard (Float32, planar) format with the file's rate and channel count.
  public let processingFormat: AudioFormat
  /// The number of frames in the file; lowered if reading finds the file shorter than its header says.
  public private(set) var frameCount: Int
  /// The frame the next read starts at.
  public private(set) var framePosition: Int = 0
  /// Problems that did not stop reading, such as missing audio at the end of a cut-short recording.
  public private(set) var warnings: [AudioFileWarning]

  private var handle: OpaquePointer?
  private let scratch = ScratchStorage()
  /// How floating-point samples are corrected on reading, when they need it (see ``FloatingPointScan``).
  private var correction: FloatingPointScan.Correction?

  /// The file's length in seconds: ``frameCount`` over the sample rate.
  public var duration: Double { Double(frameCount) / fileFormat.sampleRate }

  /// Opens a file for reading.
  ///
  /// - Parameter path: The file's path.
  /// - Throws: ``AudioFileError`` when the path cannot be read, the bytes are not a known format,
  ///   the header describes impossible audio, or no audio follows the header.
  public init(forReading path: String) throws {
    self.path = path
    try Self.checkReadable(path)
    let opened = try Self.open(path)
    let info = opened.info
    let handle = opened.handle
    container = opened.container
    encoding = opened.encoding
    self.handle = handle
    do {
      fileFormat = try Self.fileFormat(of: info, encoding: opened.encoding, path: path)
    } catch {
      sf_close(handle)
      throw error
    }
    processingFormat = try AudioFormat.standard(
      sampleRate: fileFormat.sampleRate, channelCount: fileFormat.channelCount)
    frameCount = Int(info.frames)
    warnings = []
    if frameCount == 0, let shortfall = opened.shortfall, shortfall.promised > 0 {
      sf_close(handle)
      self.handle = nil
      throw AudioFileError(
        code: .noAudioData, path: path,
        message:
          "the header promises \(shortfall.promised) bytes of audio but the file ends after the header; the recording stopped before any audio was written — nothing to read"
      )
    }
    if let shortfall = opened.shortfall {
      warnings.append(truncationWarning(missingBytes: shortfall.promised - shortfall.present))
    }
    if let recoveredFrom = opened.recoveredFrom {
      warnings.append(
        AudioFileWarning(
          code: .truncated, path: path,
          message:
            "libsndfile could not parse the CAF header ('\(recoveredFrom)'); its linear PCM data was read directly — check the end of the audio"
        ))
    }
    if let warning = extensionWarning() { warnings.append(warning) }
    if !encoding.decodesToIntegers { scanFloatingPointSamples(handle) }
  }

  /// A file opened by libsndfile, or by ``CAFRecovery`` when libsndfile refuses a CAF cut short.
  private struct Opened {
    var handle: OpaquePointer
    var info: SF_INFO
    var container: Container
    var encoding: Encoding
    /// Bytes of audio the header promises and the bytes present, when fewer are present.
    var shortfall: (promised: Int, present: Int)?
    /// libsndfile's message when the data was read without it.
    var recoveredFrom: String?
  }

  /// Opens `path` for reading.
  private static func open(_ path: String) throws -> Opened {
    var info = SF_INFO()
    let attempt = SndFileFormat.open(path, mode: Int32(SFM_READ), info: &info)
    if let handle = attempt.handle {
      return Opened(
        handle: handle, info: info, container: SndFileFormat.container(ofFormat: info.format),
        encoding: SndFileFormat.encoding(ofFormat: info.format),
        shortfall: dataShortfall(inLog: SndFileFormat.log(handle)))
    }
    let libraryMessage = attempt.failure
    // A CAF capture cut short by a crash: libsndfile refuses it, but its PCM data can be read.
    guard let recovered = CAFRecovery.open(path) else {
      throw openError(path: path, libraryMessage: libraryMessage)
    }
    var opened = Opened(handle: recovered.handle, info: recovered.info, container: .caf, encoding: recovered.encoding)
    if let promised = recovered.promisedBytes, promised > recovered.presentBytes {
      opened.shortfall = (promised, recovered.presentBytes)
    } else {
      opened.recoveredFrom = libraryMessage
    }
    return opened
  }

  /// The format the header describes.
  /// - Throws: ``AudioFileError`` (`malformed`) for a header that describes impossible audio.
  private static func fileFormat(of info: SF_INFO, encoding: Encoding, path: String) throws -> AudioFormat {
    guard info.samplerate > 0 else {
      throw AudioFileError(
        code: .malformed, path: path,
        message:
          "the header gives a sample rate of \(info.samplerate) Hz, so the audio cannot be played; the header is damaged — re-export the file"
      )
    }
    guard info.channels > 0 else {
      throw AudioFileError(
        code: .malformed, path: path,
        message:
          "the header gives \(info.channels) channels, so there is no audio to read; the header is damaged — re-export the file"
      )
    }
    do {
      return try AudioFormat(
        sampleRate: Double(info.samplerate), channelCount: Int(info.channels),
        sampleType: encoding.nativeSampleType, isInterleaved: true)
    } catch {
      throw AudioFileError(
        code: .malformed, path: path, message: "\(error); the header is damaged — re-export the file")
    }
  }

  deinit { close() }

  /// Closes the file; later reads throw ``AudioFileError/Code/closed``. Closing twice does nothing.
  public func close() {
    if let handle { sf_close(handle) }
    handle = nil
  }

  /// Reads the next frames into a buffer, converting the sample type and layout as needed.
  ///
  /// Reads `min(frameCount, buffer.frameCapacity)` frames, or fewer at the end of the file, and
  /// sets the buffer's `frameLength` to the number read.
  ///
  /// - Parameters:
  ///   - buffer: A buffer with the file's channel count and sample rate, of any sample type and layout.
  ///   - frameCount: The most frames to read; `nil` reads up to the buffer's capacity.
  /// - Returns: The number of frames read; 0 at the end of the file.
  /// - Throws: ``AudioFileError`` when the buffer's format does not fit, the file is closed, or
  ///   libsndfile reports a read error before any frame of this call was read.
  @discardableResult
  public func read(into buffer: PCMBuffer, frameCount: Int? = nil) throws -> Int {
    guard let handle else {
      throw AudioFileError(code: .closed, path: path, message: "the file was closed; open it again to read")
    }
    guard buffer.format.channelCount == fileFormat.channelCount else {
      throw AudioFileError(
        code: .formatMismatch, path: path,
        message:
          "the file has \(fileFormat.channelCount) channel(s) but the buffer has \(buffer.format.channelCount); read into a buffer with \(fileFormat.channelCount) channel(s) and mix with SampleRateConverter"
      )
    }
    guard buffer.format.sampleRate == fileFormat.sampleRate else {
      throw AudioFileError(
        code: .formatMismatch, path: path,
        message:
          "the file is \(fileFormat.sampleRate) Hz but the buffer is \(buffer.format.sampleRate) Hz; read at the file's rate and convert with SampleRateConverter"
      )
    }
    let wanted = max(0, min(frameCount ?? buffer.frameCapacity, buffer.frameCapacity))
    let got = readFrames(handle, into: buffer, count: wanted)
    buffer.frameLength = got
    if got < wanted, framePosition + got < self.frameCount {
      let libraryError = sf_error(handle) != 0 ? SndFileFormat.errorMessage(handle) : nil
      if got == 0, framePosition == 0, let libraryError {
        throw AudioFileError(
          code: .readFailed, path: path,
          message: "libsndfile could not read any audio ('\(libraryError)'); the file is damaged — re-export it")
      }
      let missing = self.frameCount - (framePosition + got)
      warnings.append(
        AudioFileWarning(
          code: .truncated, path: path,
          message:
            "the file ends \(missing) frames (\(Self.seconds(missing, fileFormat.sampleRate))) before its header says it should"
            + (libraryError.map { " (libsndfile: '\($0)')" } ?? "")
            + "; the recording was probably cut short — the audio that is there was read",
          missingFrames: missing))
      self.frameCount = framePosition + got
    }
    framePosition += got
    return got
  }

  /// Moves the read position.
  ///
  /// - Parameter frame: The frame the next read starts at, 0 through ``frameCount``.
  /// - Throws: ``AudioFileError`` when the frame is out of range, the file cannot seek, or it is closed.
  public func seek(toFrame frame: Int) throws {
    guard let handle else {
      throw AudioFileError(code: .closed, path: path, message: "the file was closed; open it again to seek")
    }
    guard (0...frameCount).contains(frame) else {
      throw AudioFileError(
        code: .seekOutOfRange, path: path,
        message:
          "cannot seek to frame \(frame): the file has \(frameCount) frames; give a frame from 0 through \(frameCount)")
    }
    guard sf_seek(handle, sf_count_t(frame), SEEK_SET) == sf_count_t(frame) else {
      throw AudioFileError(
        code: .seekOutOfRange, path: path,
        message:
          "libsndfile could not seek to frame \(frame) ('\(SndFileFormat.errorMessage(handle))'); read the file from the start instead"
      )
    }
    framePosition = frame
  }
}

// MARK: - Reading samples

extension AudioFile {
  private func readFrames(_ handle: OpaquePointer, into buffer: PCMBuffer, count: Int) -> Int {
    guard count > 0 else { return 0 }
    let channels = fileFormat.channelCount
    if let correction { return readCorrected(handle, into: buffer, count: count, correction) }
    let direct = buffer.format.isInterleaved || channels == 1
    let base = buffer.rawPlane(0)
    switch buffer.format.sampleType {
    case .int16 where encoding.decodesToIntegers:
      let target = direct ? base.assumingMemoryBound(to: Int16.self) : scratch.reserve(count * channels, of: Int16.self)
      let got = Self.loop(count) { sf_readf_short(handle, target + $0 * channels, sf_count_t($1)) }
      if !direct { Self.scatter(target, got, into: buffer) { $0 } }
      return got
    case .int32 where encoding.decodesToIntegers:
      let target = direct ? base.assumingMemoryBound(to: Int32.self) : scratch.reserve(count * channels, of: Int32.self)
      let got = Self.loop(count) { sf_readf_int(handle, target + $0 * channels, sf_count_t($1)) }
      if !direct { Self.scatter(target, got, into: buffer) { $0 } }
      return got
    case .float32:
      let target = direct ? base.assumingMemoryBound(to: Float.self) : scratch.reserve(count * channels, of: Float.self)
      let got = Self.loop(count) { sf_readf_float(handle, target + $0 * channels, sf_count_t($1)) }
      if !direct { Self.scatter(target, got, into: buffer) { $0 } }
      return got
    case .float64:
      let target =
        direct ? base.assumingMemoryBound(to: Double.self) : scratch.reserve(count * channels, of: Double.self)
      let got = Self.loop(count) { sf_readf_double(handle, target + $0 * channels, sf_count_t($1)) }
      if !direct { Self.scatter(target, got, into: buffer) { $0 } }
      return got
    case .int16:
      // Floating-point or lossy data into integers: libsndfile would scale by the file's peak, so
      // read floats and scale to full range here, clipping instead of wrapping.
      let floats = scratch.reserve(count * channels, of: Float.self)
      let got = Self.loop(count) { sf_readf_float(handle, floats + $0 * channels, sf_count_t($1)) }
      Self.scatter(floats, got, into: buffer) { SampleScaling.int16($0) }
      return got
    case .int32:
      let doubles = scratch.reserve(count * channels, of: Double.self)
      let got = Self.loop(count) { sf_readf_double(handle, doubles + $0 * channels, sf_count_t($1)) }
      Self.scatter(doubles, got, into: buffer) { SampleScaling.int32($0) }
      return got
    }
  }

  /// Reads doubles, corrects each (scale, non-finite to 0) and converts them to the buffer's type.
  private func readCorrected(
    _ handle: OpaquePointer, into buffer: PCMBuffer, count: Int, _ correction: FloatingPointScan.Correction
  ) -> Int {
    let channels = fileFormat.channelCount
    let doubles = scratch.reserve(count * channels, of: Double.self)
    let got = Self.loop(count) { sf_readf_double(handle, doubles + $0 * channels, sf_count_t($1)) }
    for index in 0..<(got * channels) { doubles[index] = correction.apply(doubles[index]) }
    switch buffer.format.sampleType {
    case .float32: Self.scatter(doubles, got, into: buffer) { Float($0) }
    case .float64: Self.scatter(doubles, got, into: buffer) { $0 }
    case .int16: Self.scatter(doubles, got, into: buffer) { SampleScaling.int16(Float($0)) }
    case .int32: Self.scatter(doubles, got, into: buffer) { SampleScaling.int32($0) }
    }
    return got
  }

  /// Scans a floating-point file's samples once at opening: a scale no reader expects, or
  /// non-finite values, become a correction applied on every read and a warning saying so.
  private func scanFloatingPointSamples(_ handle: OpaquePointer) {
    let channels = fileFormat.channelCount
    let chunk = 16_384
    let doubles = scratch.reserve(chunk * channels, of: Double.self)
    var scan = FloatingPointScan()
    while true {
      let got = Self.loop(chunk) { sf_readf_double(handle, doubles + $0 * channels, sf_count_t($1)) }
      if got == 0 { break }
      scan.add(UnsafeBufferPointer(start: doubles, count: got * channels), channels: channels)
      if got < chunk { break }
    }
    sf_seek(handle, 0, SEEK_SET)
    correction = scan.correction
    warnings += scan.warnings(path: path, encoding: encoding, sampleRate: fileFormat.sampleRate)
  }

  /// Calls `read(offsetFrames, framesLeft)` until `count` frames arrived or a call returned none.
  private static func loop(_ count: Int, _ read: (Int, Int) -> sf_count_t) -> Int {
    var total = 0
    while total < count {
      let got = Int(read(total, count - total))
      if got <= 0 { break }
      total += got
    }
    return total
  }

  /// Copies interleaved samples into a buffer of any layout, converting each sample.
  private static func scatter<Source, Target>(
    _ source: UnsafeMutablePointer<Source>, _ frames: Int, into buffer: PCMBuffer, _ convert: (Source) -> Target
  ) {
    let channels = buffer.format.channelCount
    if buffer.format.isInterleaved {
      let target = buffer.rawPlane(0).assumingMemoryBound(to: Target.self)
      for index in 0..<(frames * channels) { target[index] = convert(source[index]) }
      return
    }
    for channel in 0..<channels {
      let target = buffer.rawPlane(channel).assumingMemoryBound(to: Target.self)
      for frame in 0..<frames { target[frame] = convert(source[frame * channels + channel]) }
    }
  }
}

// MARK: - Opening and header checks

extension AudioFile {
  private static func checkReadable(_ path: String) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw AudioFileError(
        code: .cannotOpen, path: path, message: "\(FileProblem.reading(path) ?? "no such file"); check the path")
    }
    guard !isDirectory.boolValue else {
      throw AudioFileError(
        code: .cannotOpen, path: path, message: "is a folder, not an audio file; give the path of a file")
    }
    var info = stat()
    if stat(path, &info) == 0, let special = FileProblem.specialKind(info.st_mode) {
      // Reading a named pipe waits for a writer; a device reads without end: neither is a recording.
      throw AudioFileError(
        code: .cannotOpen, path: path, message: "is \(special), not a regular file; give the path of an audio file")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw AudioFileError(
        code: .cannotOpen, path: path, message: "cannot be read (permission denied); check its permissions")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    if size == 0 {
      throw AudioFileError(
        code: .unrecognizedFormat, path: path,
        message: "the file is empty (0 bytes), so it holds no audio; re-export or re-capture it")
    }
  }

  private static func openError(path: String, libraryMessage: String) -> AudioFileError {
    let lowered = libraryMessage.lowercased()
    if lowered.contains("not recognised") || lowered.contains("not recognized") {
      return AudioFileError(
        code: .unrecognizedFormat, path: path,
        message:
          "libsndfile does not recognise the format ('\(libraryMessage)'); the bytes are not WAV, CAF, AIFF, FLAC, Ogg or MP3 audio — check that this is an audio file"
      )
    }
    if lowered.contains("system error") {
      return AudioFileError(
        code: .cannotOpen, path: path,
        message: "cannot be opened ('\(libraryMessage)'); check the path and its permissions")
    }
    // libsndfile reports a zero sample rate only as an incomplete SF_INFO; say what that means.
    let meaning = lowered.contains("sf_info struct incomplete") ? " — the header gives no usable sample rate" : ""
    return AudioFileError(
      code: .malformed, path: path,
      message:
        "libsndfile cannot read the header ('\(libraryMessage)')\(meaning); the file is damaged — re-export it from its source"
    )
  }

  /// Finds libsndfile's note that the data chunk claims more bytes than the file holds, which it
  /// logs as `data : 36920 (should be 19956)` (WAV) or `SSND : … (should be …)` (AIFF).
  private static func dataShortfall(inLog log: String) -> (promised: Int, present: Int)? {
    for line in log.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("data :") || trimmed.hasPrefix("SSND :"),
        let open = trimmed.range(of: "(should be ")
      else { continue }
      let promisedText = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 6)..<open.lowerBound]
        .trimmingCharacters(in: .whitespaces)
      let presentText = trimmed[open.upperBound...].prefix { $0.isNumber }
      guard let promised = Int(promisedText), let present = Int(presentText), promised > present else { continue }
      return (promised, present)
    }
    return nil
  }

  private func truncationWarning(missingBytes: Int) -> AudioFileWarning {
    let bytesPerSample: Int? =
      switch encoding {
      case .pcmS8, .pcmU8, .ulaw, .alaw: 1
      case .pcm16: 2
      case .pcm24: 3
      case .pcm32, .float32: 4
      case .float64: 8
      default: nil
      }
    let missingFrames = bytesPerSample.map { missingBytes / ($0 * fileFormat.channelCount) }
    let amount =
      missingFrames.map { "\(missingBytes) bytes (\($0) frames, \(Self.seconds($0, fileFormat.sampleRate)))" }
      ?? "\(missingBytes) bytes"
    return AudioFileWarning(
      code: .truncated, path: path,
      message:
        "the header promises \(amount) more audio than the file holds; the recording was probably cut short — the \(frameCount) frames that are there are read",
      missingBytes: missingBytes, missingFrames: missingFrames)
  }

  private func extensionWarning() -> AudioFileWarning? {
    let ext = (path as NSString).pathExtension
    guard let named = Container(fileExtension: ext) else { return nil }
    let actual = container == .wavex ? Container.wav : container
    guard named != actual, !(named == .wav && actual == .rf64) else { return nil }
    return AudioFileWarning(
      code: .extensionMismatch, path: path,
      message:
        "the name ends in .\(ext) but the file holds \(container) audio; it was read as \(container) — rename it to .\(container.fileExtension)"
    )
  }

  /// A frame count as a duration for messages. A damaged header can promise more audio than any
  /// recording holds (a 64-bit CAF or RF64 size at 1 Hz), which `Int` cannot hold in milliseconds.
  static func seconds(_ frames: Int, _ rate: Double) -> String {
    let value = Double(frames) / rate
    guard value.magnitude < 1e12 else { return String(format: "%.0f s", value) }
    return value >= 0.1 ? "\(Double(Int((value * 100).rounded())) / 100) s" : "\(Int((value * 1000).rounded())) ms"
  }
}
