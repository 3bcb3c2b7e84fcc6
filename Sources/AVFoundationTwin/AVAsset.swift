internal import AudioPCM
public import CoreMediaTwin
public import Foundation

/// Timed media — the twin of `AVAsset`, for audio files (what file-transcription code reads with an
/// ``AVAssetReader``). Create an ``AVURLAsset``.
open class AVAsset: NSObject, @unchecked Sendable {
  // @unchecked: immutable after init, except the probe result, written once under `lock`.
  package let fileURL: URL
  private let lock = NSLock()
  private var probed: Result<Probe, NSError>?

  /// What the file holds.
  struct Probe {
    var sampleRate: Double
    var channelCount: Int
    var frameCount: Int
  }

  init(url: URL) {
    self.fileURL = url
    super.init()
  }

  /// Opens the file once; the audio the twin reads: what libsndfile reads (WAV, CAF, AIFF, FLAC, Ogg…).
  ///
  /// **Twin decision** (Apple documents no codes for this): a missing file is `NSURLErrorDomain`
  /// `NSURLErrorFileDoesNotExist` (-1100); a file libsndfile cannot read is `AVFoundationErrorDomain`
  /// -11828 (`AVError.fileFormatNotRecognized`), the message naming the file and the reason.
  func probe() throws -> Probe {
    try lock.withLock { () throws -> Probe in
      if let probed { return try probed.get() }
      let result: Result<Probe, NSError>
      if !FileManager.default.fileExists(atPath: fileURL.path) {
        result = .failure(
          NSError(
            domain: NSURLErrorDomain, code: NSURLErrorFileDoesNotExist,
            userInfo: [NSLocalizedDescriptionKey: "\(fileURL.path): no such file", NSURLErrorKey: fileURL]))
      } else {
        do {
          let file = try AudioFile(forReading: fileURL.path)
          result = .success(
            Probe(
              sampleRate: file.fileFormat.sampleRate, channelCount: file.fileFormat.channelCount,
              frameCount: file.frameCount))
          file.close()
        } catch {
          result = .failure(
            NSError(
              domain: AVFoundationErrorDomain, code: -11_828,
              userInfo: [
                NSLocalizedDescriptionKey: "Cannot Open", NSLocalizedFailureReasonErrorKey: "\(error)",
                NSURLErrorKey: fileURL,
              ]))
        }
      }
      probed = result
      return try result.get()
    }
  }

  /// The asset's tracks of a media type: one audio track for an audio file, none of other types.
  /// - Parameter mediaType: `.audio` for the file's audio.
  /// - Returns: The tracks.
  /// - Throws: The file's error (see ``probe()`` above) when it cannot be read.
  open func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVAssetTrack] {
    _ = try probe()
    return mediaType == .audio ? [AVAssetTrack(asset: self, trackID: 1, mediaType: .audio)] : []
  }

  /// Loads a property (`.duration`, `.tracks`, `.isPlayable`, `.isReadable`), as Apple's
  /// `AVAsynchronousKeyValueLoading.load(_:)` does.
  /// - Parameter property: The property.
  /// - Returns: Its value.
  /// - Throws: The file's error when it cannot be read.
  public func load<Root: AVAsset, T>(_ property: AVAsyncProperty<Root, T>) async throws -> T {
    // The property's static members guarantee the loader returns T.
    try await property.loader(self) as! T
  }

  /// The duration, or the file's error.
  func loadedDuration() throws -> CMTime {
    let probe = try probe()
    return CMTime(value: CMTimeValue(probe.frameCount), timescale: CMTimeScale(probe.sampleRate.rounded()))
  }

  /// The tracks of a media type, synchronously (deprecated in Apple's SDK); empty when the file
  /// cannot be read.
  @available(iOS, deprecated: 16.0, message: "Use loadTracks(withMediaType:)")
  open func tracks(withMediaType mediaType: AVMediaType) -> [AVAssetTrack] {
    guard (try? probe()) != nil, mediaType == .audio else { return [] }
    return [AVAssetTrack(asset: self, trackID: 1, mediaType: .audio)]
  }

  /// The file's length in its sample rate's timescale (deprecated synchronous property in Apple's
  /// SDK); `.invalid` when the file cannot be read.
  @available(iOS, deprecated: 16.0, message: "Use load(.duration)")
  open var duration: CMTime {
    guard let probe = try? probe() else { return .invalid }
    return CMTime(value: CMTimeValue(probe.frameCount), timescale: CMTimeScale(probe.sampleRate.rounded()))
  }
}
