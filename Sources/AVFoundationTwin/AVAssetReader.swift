public import CoreMediaTwin
public import Foundation

/// Reads an asset's samples — the twin of `AVAssetReader`, for the audio track of audio files
/// libsndfile reads (WAV, CAF, AIFF, FLAC, Ogg…), through ``AVAssetReaderTrackOutput``.
///
/// ```swift
/// let asset = AVURLAsset(url: url)
/// let track = try await asset.loadTracks(withMediaType: .audio)[0]
/// let reader = try AVAssetReader(asset: asset)
/// let output = AVAssetReaderTrackOutput(track: track, outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 16_000, …])
/// reader.add(output)
/// reader.startReading()
/// while let sampleBuffer = output.copyNextSampleBuffer() { … }
/// ```
///
/// Reading is synchronous (no virtual time passes), as the file is local.
open class AVAssetReader: NSObject, @unchecked Sendable {
  // @unchecked: mutable state under `lock`.
  /// The asset read.
  public let asset: AVAsset
  private let lock = NSLock()
  private var currentStatus = Status.unknown
  private var currentError: (any Error)?
  private var added: [AVAssetReaderOutput] = []

  /// Creates a reader for an asset.
  /// - Parameter asset: The asset.
  /// - Throws: The asset's error when its file cannot be read (see ``AVAsset``).
  public init(asset: AVAsset) throws {
    _ = try asset.probe()
    self.asset = asset
  }

  /// The reader's state.
  open var status: Status { lock.withLock { currentStatus } }
  /// Why reading failed, when ``status`` is `.failed`.
  open var error: (any Error)? { lock.withLock { currentError } }
  /// The outputs added.
  open var outputs: [AVAssetReaderOutput] { lock.withLock { added } }

  /// Whether `output` can be added: a track output of this asset, before reading starts.
  /// - Parameter output: The output.
  /// - Returns: Whether ``add(_:)`` would take it.
  open func canAdd(_ output: AVAssetReaderOutput) -> Bool {
    guard let track = output as? AVAssetReaderTrackOutput else { return false }
    return lock.withLock { currentStatus == .unknown } && track.track.asset === asset
      && !outputs.contains { $0 === output }
  }

  /// Adds an output; Apple raises an exception for one that cannot be added, and so does the twin
  /// (the process ends with Apple's reason, after a diagnostic).
  /// - Parameter output: A track output of this asset.
  open func add(_ output: AVAssetReaderOutput) {
    guard canAdd(output) else {
      AVFoundationException.raise(
        "NSInvalidArgumentException",
        "*** -[AVAssetReader addOutput:] cannot add an output that is not a track output of this asset, or after reading started"
      )
    }
    lock.withLock { added.append(output) }
  }

  /// Starts reading.
  /// - Returns: False (with ``status`` `.failed` and ``error``) when a file cannot be opened or an
  ///   output's settings cannot be produced.
  @discardableResult
  open func startReading() -> Bool {
    let outputs = lock.withLock { () -> [AVAssetReaderOutput] in
      currentStatus = .reading
      return added
    }
    for case let output as AVAssetReaderTrackOutput in outputs {
      do {
        try output.start(reader: self)
      } catch {
        fail(error)
        return false
      }
    }
    return true
  }

  /// Stops reading; outputs return nil from then on.
  open func cancelReading() {
    lock.withLock { if currentStatus == .reading || currentStatus == .unknown { currentStatus = .cancelled } }
  }

  /// Whether outputs may deliver samples.
  var isReading: Bool { lock.withLock { currentStatus == .reading } }

  /// An output read its last sample: the reader is complete once every output is.
  func outputFinished() {
    let outputs = self.outputs.compactMap { $0 as? AVAssetReaderTrackOutput }
    lock.withLock { if currentStatus == .reading && outputs.allSatisfy(\.isFinished) { currentStatus = .completed } }
  }

  /// Reading failed.
  func fail(_ error: any Error) {
    lock.withLock {
      currentStatus = .failed
      currentError = error
    }
  }
}
