public import Foundation
import GRDB
public import SpeechShim
import Synchronization

/// Records what a live-transcription app's device did into a `.speechcapture` file: every tap
/// buffer as delivered, the analyzer's format, hardware changes, results, asset and permission
/// state, the user's actions and the UI the app rendered.
///
/// Add it in debug or TestFlight builds (Documentation/Captures.md shows where each call goes):
///
/// ```swift
/// let recorder = try CaptureRecorder(url: captureURL, header: .thisDevice(locale: locale, appVersion: version))
/// input.installTap(onBus: 0, bufferSize: 4096, format: hardwareFormat) { buffer, time in
///   recorder.recordTap(buffer, at: time)        // cheap: copies into a preallocated ring
///   pipeline.process(buffer)
/// }
/// recorder.recordAction(.start)
/// for try await result in transcriber.results { recorder.recordResult(result); … }
/// try recorder.finish()
/// ```
///
/// `recordTap(_:at:)` is for the audio thread: it copies the PCM bytes and the buffer's metadata
/// into a preallocated single-producer ring with atomics only — no allocation, lock or I/O — and
/// counts a buffer it has no room for as a gap instead of blocking. Call it from one thread at a
/// time (the tap block). Every other call queues its event under a lock (not for the audio thread).
/// A background thread owned by the recorder commits the ring and the queue in one SQLite
/// transaction at least every 250 ms, so an app killed at any moment leaves a capture readable
/// up to its last commit.
public final class CaptureRecorder: @unchecked Sendable {
  // @unchecked: the ring and the writer are thread-safe; `isEnded` is atomic.

  /// How the recorder buffers and commits.
  public struct Options: Sendable {
    /// Bytes of PCM the ring holds between commits (default 8 MiB: 43 s of 48 kHz mono Float32).
    public var ringBytes: Int
    /// Tap buffers the ring holds between commits (default 4096).
    public var ringBuffers: Int
    /// Time between commits; at most 250 ms (longer values are clamped).
    public var commitInterval: Duration
    /// Called on the writer thread after each commit with the totals so far (for tests and probes).
    public var onCommit: (@Sendable (Statistics) -> Void)?

    /// Creates options; the defaults suit 48 kHz stereo with 100 ms commits.
    public init(
      ringBytes: Int = 8 << 20, ringBuffers: Int = 4_096, commitInterval: Duration = .milliseconds(100),
      onCommit: (@Sendable (Statistics) -> Void)? = nil
    ) {
      self.ringBytes = ringBytes
      self.ringBuffers = ringBuffers
      self.commitInterval = commitInterval
      self.onCommit = onCommit
    }
  }

  /// What the recorder has committed so far.
  public struct Statistics: Sendable, Hashable {
    /// Tap buffers written to the file.
    public var buffersWritten = 0
    /// Tap buffers dropped because the ring was full (recorded as gaps).
    public var buffersDropped = 0
    /// Non-audio events written.
    public var eventsWritten = 0
    /// Transactions committed.
    public var commits = 0
    /// PCM bytes written.
    public var audioBytes = 0
  }

  /// The capture file.
  public let url: URL
  private let ring: TapRing
  private let writer: CaptureWriter
  private let isEnded = Atomic<Bool>(false)

  /// Creates the capture file and starts the writer thread.
  /// - Parameters:
  ///   - url: A new `.speechcapture` file (the folder must exist).
  ///   - header: The device facts.
  ///   - options: Ring sizes and commit interval.
  /// - Throws: ``CaptureError`` when another recorder writes the file (`lockedByAnotherWriter`),
  ///   the file already holds a capture (`alreadyExists`, or `newerSchema` when a newer version
  ///   wrote it), or it cannot be created (`io`).
  public init(url: URL, header: CaptureHeader, options: Options = Options()) throws {
    self.url = url
    let path = url.path
    let lock = try CaptureFileLock(capturePath: path)
    let fileManager = FileManager.default
    if let size = (try? fileManager.attributesOfItem(atPath: path))?[.size] as? Int, size > 0 {
      lock.release()
      if let found = CaptureFile.schemaVersion(atPath: path), found > CaptureSchema.version {
        throw CaptureFile.newerSchemaError(path: path, found: found)
      }
      throw CaptureError(
        .alreadyExists, path: path,
        message:
          "the file already exists; a recorder starts a new capture. Choose a new name (one per session) or delete the old file."
      )
    }
    for suffix in ["-wal", "-shm", "-journal"] { try? fileManager.removeItem(atPath: path + suffix) }
    let database: DatabaseQueue
    do {
      database = try DatabaseQueue(path: path)
      try database.writeWithoutTransaction { db in
        // 1 KiB pages: a tap buffer's bytes fill overflow pages almost exactly (1.3 % overhead for
        // 4800 frames, 3 % for 1024, against 6 % and 14 % with 4 KiB pages). Set before WAL.
        try db.execute(sql: "PRAGMA page_size = 1024")
        try db.execute(sql: "PRAGMA journal_mode = WAL")
        // NORMAL in WAL mode: a commit survives the app's death (not a power cut), without an fsync per commit.
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
      }
      let headerJSON = String(decoding: try JSONEncoder().encode(header), as: UTF8.self)
      try database.write { db in
        try CaptureSchema.create(db)
        for (key, value) in [
          (CaptureSchema.Key.header, headerJSON), (CaptureSchema.Key.startedAt, String(Date().timeIntervalSince1970)),
          (CaptureSchema.Key.recorder, "SpeechReplayCapture \(CaptureSchema.version)"),
        ] {
          try db.execute(sql: "INSERT INTO meta (key, value) VALUES (?, ?)", arguments: [key, value])
        }
      }
    } catch {
      lock.release()
      throw CaptureError(
        .io, path: path,
        message: "cannot create the capture: \(error). Record into a folder the app can write, on a disk with room.")
    }
    ring = TapRing(byteCapacity: options.ringBytes, slotCapacity: options.ringBuffers)
    let interval = min(
      0.25,
      max(
        0.001,
        Double(options.commitInterval.components.seconds) + Double(options.commitInterval.components.attoseconds)
          * 1e-18))
    writer = CaptureWriter(
      path: path, database: database, lock: lock, ring: ring, interval: interval, onCommit: options.onCommit)
    writer.startThread()
  }

  deinit {
    if !isEnded.load(ordering: .acquiring) { try? writer.end(cleanly: false) }
  }

  // MARK: Audio (the tap block)

  /// Records one tap buffer as delivered: its PCM bytes in the hardware format, frame count,
  /// sample time and host time. For the audio thread: no allocation, lock or I/O; a buffer the
  /// ring has no room for is counted and recorded as a gap. Call from one thread at a time.
  /// - Parameters:
  ///   - buffer: The tap's buffer (Float32, Int16 or Int32; others are counted as dropped).
  ///   - time: The tap's time of the buffer's first frame.
  public func recordTap(_ buffer: AVAudioPCMBuffer, at time: AVAudioTime) {
    guard !isEnded.load(ordering: .relaxed) else { return }
    ring.push(buffer, at: time)
  }

  /// Records one buffer of the 27 tap (`installAudioTap`) as `recordTap(_:at:)` records the old
  /// tap's: the buffer is read in place through a no-copy `AVAudioPCMBuffer` over its list (one
  /// object, no sample copied).
  /// - Parameters:
  ///   - buffer: The 27 tap's read-only buffer.
  ///   - time: The tap's time of the buffer's first frame.
  @available(iOS 27, macOS 27, *)
  public func recordTap(_ buffer: AVReadOnlyAudioPCMBuffer, at time: AVAudioTime) {
    guard !isEnded.load(ordering: .relaxed) else { return }
    buffer.withUnsafeAudioBufferList { list in
      guard let view = AVAudioPCMBuffer(pcmFormat: buffer.format, bufferListNoCopy: list, deallocator: nil) else {
        return
      }
      ring.push(view, at: time)
    }
  }

  /// Records one tap buffer like `recordTap(_:at:)`, but when the ring has no room for it,
  /// commits first instead of dropping it. For audio that arrives faster than real time — a
  /// simulated replay, which delivers minutes of audio in a wall-clock second, faster than the
  /// writer thread's commit interval empties the ring. It blocks for a commit (SQLite I/O), so
  /// never call it on a real audio thread.
  /// - Parameters:
  ///   - buffer: The tap's buffer.
  ///   - time: The tap's time of the buffer's first frame.
  public func recordTapCommittingWhenFull(_ buffer: AVAudioPCMBuffer, at time: AVAudioTime) {
    guard !isEnded.load(ordering: .relaxed) else { return }
    if !ring.hasRoom(for: buffer) { writer.commit() }
    ring.push(buffer, at: time)
  }

  // MARK: Everything else (not for the audio thread)

  /// Records the format the analyzer asked for (`SpeechAnalyzer.bestAvailableAudioFormat`).
  public func recordAnalyzerFormat(_ format: AVAudioFormat?) { record(.analyzerFormat(format.map(CaptureFormat.init))) }

  /// Records an `AVAudioEngineConfigurationChange`, with the input's hardware format after it.
  public func recordConfigurationChange(hardwareFormat: AVAudioFormat? = nil) {
    record(.configurationChange(hardwareFormat: hardwareFormat.map(CaptureFormat.init)))
  }

  /// Records an audio route change (`AVAudioSession.routeChangeNotification`), with its reason.
  public func recordRouteChange(reason: String, hardwareFormat: AVAudioFormat? = nil) {
    record(.routeChange(reason: reason, hardwareFormat: hardwareFormat.map(CaptureFormat.init)))
  }

  /// Records the beginning (`began`) or end of an interruption, with the system's resume hint.
  public func recordInterruption(began: Bool, shouldResume: Bool = false) {
    record(.interruption(began: began, shouldResume: shouldResume))
  }

  /// Records a `SpeechTranscriber` result as it arrived.
  public func recordResult(_ result: SpeechTranscriber.Result) { record(.result(CaptureResult(result))) }

  /// Records a `DictationTranscriber` result as it arrived.
  public func recordResult(_ result: DictationTranscriber.Result) { record(.result(CaptureResult(result))) }

  /// Records a result given as values.
  public func recordResult(_ result: CaptureResult) { record(.result(result)) }

  /// Records the asset status of a locale (`AssetInventory.status(forModules:)`).
  public func recordAssetStatus(_ status: AssetInventory.Status, locale: String) {
    record(.assetStatus(locale: locale, status: String(describing: status)))
  }

  /// Records install or download progress (`Progress.fractionCompleted`) of a locale's asset.
  public func recordAssetProgress(locale: String, fractionCompleted: Double) {
    record(.assetProgress(locale: locale, fractionCompleted: fractionCompleted))
  }

  /// Records a failed asset install or download.
  public func recordAssetError(_ error: any Error, locale: String) {
    record(.assetError(locale: locale, message: "\(error)"))
  }

  /// Records the record permission (`AVAudioApplication.shared.recordPermission`).
  public func recordPermission(_ permission: AVAudioApplication.recordPermission) {
    record(.permission(Self.name(of: permission)))
  }

  /// Records the record permission given as text (`granted`, `denied`, `undetermined`).
  public func recordPermission(_ permission: String) { record(.permission(permission)) }

  /// Records something the user did.
  public func recordAction(_ action: CaptureAction) { record(.action(action)) }

  /// Records the UI state the app rendered.
  public func recordUIState(_ state: CaptureUIState) { record(.uiState(state)) }

  /// Records a note worth knowing when debugging.
  public func recordNote(_ text: String) { record(.note(text)) }

  private func record(_ kind: CaptureEvent.Kind) {
    guard !isEnded.load(ordering: .relaxed) else { return }
    let event = CaptureWriter.PendingEvent(
      kind: kind, captureNanoseconds: ring.captureNanoseconds.load(ordering: .relaxed),
      wallTime: Date().timeIntervalSince1970)
    writer.events.withLock { $0.append(event) }
  }

  private static func name(of permission: AVAudioApplication.recordPermission) -> String {
    switch permission {
    case .granted: "granted"
    case .denied: "denied"
    case .undetermined: "undetermined"
    @unknown default: "unknown"
    }
  }

  // MARK: Committing and ending

  /// What has been committed so far.
  public var statistics: Statistics { writer.currentStatistics }

  /// Commits everything recorded so far now (the writer does it on its own every commit interval).
  /// - Throws: The ``CaptureError`` of a failed commit.
  public func flush() throws {
    writer.commit()
    try writer.checkFailure()
  }

  /// Ends the recording cleanly: commits the rest, writes the end marker (so the reader does not
  /// report the capture cut short), folds the WAL into the one file and releases the lock. Later
  /// calls on the recorder do nothing. Stop the engine (or remove the tap) first.
  /// - Throws: The ``CaptureError`` of a failed commit; what was committed before stays readable.
  public func finish() throws {
    guard !isEnded.exchange(true, ordering: .acquiringAndReleasing) else { return }
    try writer.end(cleanly: true)
  }

  /// Ends the recording without the end marker: commits the rest and releases the file, and the
  /// reader reports the capture cut short at its last audio — for an app that knows its session
  /// did not end as the user meant (a crash handler, a watchdog). Releasing the recorder does the same.
  public func close() throws {
    guard !isEnded.exchange(true, ordering: .acquiringAndReleasing) else { return }
    try writer.end(cleanly: false)
  }
}
