public import Foundation
import GRDB

/// A `.speechcapture` file opened read-only: its header, formats, tap buffers (read lazily),
/// events (results, actions, UI states…), gaps, duration and damage.
///
/// ```swift
/// let capture = try CaptureFile(url: URL(fileURLWithPath: "field.speechcapture"))
/// print(capture.summary)                       // what `speech-replay capture info` prints
/// for buffer in capture.buffers { … }          // byte-identical to what the tap received
/// ```
///
/// A capture still being written, or left by an app that was killed, reads up to its last commit;
/// ``damage`` then says where it was cut short.
public final class CaptureFile: Sendable {
  /// The file.
  public let url: URL
  /// The schema version that wrote it.
  public let schemaVersion: Int
  /// The device facts.
  public let header: CaptureHeader
  /// The hardware formats of the tap buffers, in order of first use.
  public let formats: [CaptureFormat]
  /// Tap buffers in the file.
  public let bufferCount: Int
  /// Every non-audio event, in the order the app recorded them.
  public let events: [CaptureEvent]
  /// Ring overflows recorded by the recorder and sample-time jumps found between buffers, in audio order.
  public let gaps: [CaptureGap]
  /// Seconds of audio the capture covers (gaps included).
  public let duration: Double
  /// Whether the recorder finished cleanly (`finish()`).
  public let isFinished: Bool
  /// Frames of all buffers per format, for the summary.
  let framesPerFormat: [CaptureFormat: Int]

  /// What of a damaged file could not be read (see ``CaptureDamage/unreadable``).
  let unreadable: String?
  /// Events of kinds this version does not know (a newer recorder's), skipped as Captures.md
  /// promises, by kind name and count.
  public let skippedEventKinds: [String: Int]

  private let database: DatabaseQueue
  private let formatsByID: [Int64: CaptureFormat]
  /// The private folder the capture is read from (a copy), removed with this object.
  private let readCopyFolder: URL

  /// Opens a capture read-only.
  /// - Parameter url: The `.speechcapture` file.
  /// - Throws: ``CaptureError``: `notACapture` for a missing, non-SQLite or non-capture file,
  ///   `newerSchema` naming both versions for a capture this code is too old to read.
  public init(url: URL) throws {
    self.url = url
    let path = url.path
    guard FileManager.default.fileExists(atPath: path) else {
      // fileExists follows links: a loop of them, or a link to nothing, is not a missing file.
      var info = stat()
      let what =
        stat(path, &info) != 0 && errno == ELOOP
        ? "the path is a loop of symbolic links"
        : (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
          ? "the file is a symbolic link to a file that does not exist" : "the file does not exist"
      throw CaptureError(.notACapture, path: path, message: "\(what). Check the path (captures end in .speechcapture).")
    }
    if let problem = Self.fileProblem(path) {
      throw CaptureError(.notACapture, path: path, message: problem)
    }
    // Read from a private copy (the file and its write-ahead log): SQLite would otherwise create
    // `-wal`/`-shm` files beside the user's evidence, and cannot read a cut-short capture (whose last
    // commits are in its log) in a read-only place at all.
    let copy: URL
    do {
      copy = try Self.readCopy(of: path)
    } catch {
      throw CaptureError(
        .io, path: path,
        message:
          "cannot be copied to a temporary folder to be read (\(Self.describe(error))); check free space in the temporary folder (TMPDIR)"
      )
    }
    readCopyFolder = copy.deletingLastPathComponent()
    var configuration = Configuration()
    configuration.readonly = true
    do {
      database = try DatabaseQueue(path: copy.path, configuration: configuration)
      // No transaction: its COMMIT would fail on a damaged file after every row before the damage was read.
      let loaded = try database.inDatabase { db in try Loaded.read(db, path: path) }
      schemaVersion = loaded.version
      header = loaded.header
      formatsByID = loaded.formatsByID
      formats = loaded.formats
      bufferCount = loaded.bufferCount
      events = loaded.events
      gaps = loaded.gaps
      duration = loaded.duration
      isFinished = loaded.isFinished
      framesPerFormat = loaded.framesPerFormat
      skippedEventKinds = loaded.skippedKinds
      let cut = Self.shortfall(path).map {
        "the file is cut short (\($0.present) of the \($0.promised) bytes its header promises)"
      }
      unreadable = [cut, loaded.unreadable].compactMap { $0 }.joined(separator: "; ").nilIfEmpty
    } catch let error as CaptureError {
      try? FileManager.default.removeItem(at: copy.deletingLastPathComponent())
      throw error
    } catch {
      try? FileManager.default.removeItem(at: copy.deletingLastPathComponent())
      throw Self.unreadable(path, error)
    }
  }

  /// The error for a capture SQLite could not read at all: cut short before its table of
  /// contents, or damaged.
  private static func unreadable(_ path: String, _ error: any Error) -> CaptureError {
    if let (present, promised) = shortfall(path) {
      return CaptureError(
        .notACapture, path: path,
        message:
          "is cut short: it holds \(present) of the \(promised) bytes its header promises, and what is missing includes its table of contents, so nothing of it can be read. Copy it from the device again (a copy or download that stopped early)"
      )
    }
    return CaptureError(
      .notACapture, path: path,
      message:
        "is damaged and cannot be read as a capture (\(describe(error))); nothing of it could be read. Record the session again"
    )
  }

  deinit {
    try? FileManager.default.removeItem(at: readCopyFolder)
  }

  /// What is wrong with `path` before SQLite sees it: a folder, empty, unreadable, not SQLite.
  static func fileProblem(_ path: String) -> String? {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      return "is a folder, not a capture file. Give the .speechcapture file inside it"
    }
    var info = stat()
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
      // Opening a named pipe would wait for a writer; a device reads without end.
      return
        "is not a regular file (a named pipe, a device or a socket), so it cannot be a capture. Give the path of a .speechcapture file"
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      return access(path, R_OK) != 0 && (errno == EACCES || errno == EPERM)
        ? "cannot be read: permission denied. Check the file's permissions (ls -l) or run as a user who may read it"
        : "cannot be opened. Check the path"
    }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 16)) ?? Data()
    if head.isEmpty {
      return
        "is empty (0 bytes): the recorder never got to its first commit, so there is nothing to read. Record the session again"
    }
    if head != Data("SQLite format 3\u{0}".utf8) {
      return
        "is not a capture: it is not an SQLite file. Check the path: captures are .speechcapture files (SQLite) written by SpeechReplayCapture"
    }
    return nil
  }

  /// The start of a read copy's folder name; the process id that made it follows.
  static let readCopyPrefix = "speech-replay-capture-"

  /// Removes the read copies of processes that no longer run (killed before they could remove them:
  /// SIGKILL, a crash), so a capture of 100 MB is not left in the temporary folder for good.
  static func sweepStaleReadCopies() {
    let temporary = FileManager.default.temporaryDirectory
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
    for name in names where name.hasPrefix(readCopyPrefix) {
      guard let pid = Int32(name.dropFirst(readCopyPrefix.count).prefix { $0 != "-" }), pid > 0 else { continue }
      guard kill(pid, 0) != 0, errno == ESRCH else { continue }
      try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
    }
  }

  /// Removes this process's read copies: for a signal handler about to end the process.
  public static func removeReadCopiesOfThisProcess() {
    let temporary = FileManager.default.temporaryDirectory
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
    for name in names where name.hasPrefix("\(readCopyPrefix)\(getpid())-") {
      try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
    }
  }

  /// The file's size and the size its SQLite header promises (page size × page count), when it is shorter.
  static func shortfall(_ path: String) -> (present: Int, promised: Int)? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 100), head.count == 100,
      let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    else { return nil }
    let bytes = [UInt8](head)
    let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
    let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
    let pages = bytes[28..<32].reduce(0) { $0 << 8 | Int($1) }
    let promised = pageSize * pages
    return pageSize >= 512 && promised > size ? (size, promised) : nil
  }

  /// A copy of the capture and its write-ahead log in a new temporary folder.
  private static func readCopy(of path: String) throws -> URL {
    sweepStaleReadCopies()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(readCopyPrefix)\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let copy = folder.appendingPathComponent("capture.sqlite")
    do {
      try FileManager.default.copyItem(atPath: path, toPath: copy.path)
      if FileManager.default.fileExists(atPath: path + "-wal") {
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy.path + "-wal")
      }
      // A file cut short (copied or downloaded incompletely) promises more pages than it holds, and
      // SQLite then reads none: the copy is told the pages it has, so what they hold can be read.
      if let (present, _) = shortfall(copy.path), let handle = FileHandle(forUpdatingAtPath: copy.path) {
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 18)) ?? Data())
        let rawPageSize = head.count == 18 ? Int(head[16]) << 8 | Int(head[17]) : 0
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        if pageSize >= 512 {
          let pages = UInt32(present / pageSize)
          try handle.truncate(atOffset: UInt64(Int(pages) * pageSize))
          try handle.seek(toOffset: 28)
          try handle.write(
            contentsOf: Data([
              UInt8(pages >> 24), UInt8(pages >> 16 & 0xFF), UInt8(pages >> 8 & 0xFF), UInt8(pages & 0xFF),
            ]))
        }
      }
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
    return copy
  }

  /// An error in plain words: SQLite's message without the statement, a file problem without Foundation's domain.
  static func describe(_ error: any Error) -> String {
    if let error = error as? DatabaseError {
      switch error.resultCode.primaryResultCode {
      case .SQLITE_CORRUPT: return "the file is corrupt"
      case .SQLITE_NOTADB: return "the file is not an SQLite database"
      case .SQLITE_IOERR: return "the file cannot be read to its end; it may be cut short"
      case .SQLITE_CANTOPEN: return "the file cannot be opened"
      case .SQLITE_PERM, .SQLITE_AUTH: return "permission denied"
      default: return error.message ?? "SQLite error \(error.resultCode.rawValue)"
      }
    }
    if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
    if let error = error as? DecodingError { return describe(error) }
    return "\(type(of: error))"
  }

  /// A payload that does not decode, in words rather than the error's type name.
  private static func describe(_ error: DecodingError) -> String {
    func place(_ context: DecodingError.Context) -> String {
      context.codingPath.isEmpty ? "" : " at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
    }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty: return "it is not JSON"
    case .keyNotFound(let key, let context): return "'\(key.stringValue)' is missing\(place(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return "a value\(place(context)) is not what a capture holds"
    @unknown default: return "it is not what a capture holds"
    }
  }

  // MARK: Derived views

  /// Every result the transcribers published, in arrival order.
  public var results: [CaptureResult] {
    events.compactMap { if case .result(let value) = $0.kind { value } else { nil } }
  }
  /// Every user action, in order.
  public var actions: [CaptureAction] {
    events.compactMap { if case .action(let value) = $0.kind { value } else { nil } }
  }
  /// Every UI state the app rendered, in order.
  public var uiStates: [CaptureUIState] {
    events.compactMap { if case .uiState(let value) = $0.kind { value } else { nil } }
  }
  /// The formats the analyzer asked for, in order.
  public var analyzerFormats: [CaptureFormat?] {
    events.compactMap { if case .analyzerFormat(let value) = $0.kind { .some(value) } else { nil } }
  }

  /// Cut short (no clean finish) and missing audio.
  public var damage: CaptureDamage {
    CaptureDamage(cutShortAt: isFinished ? nil : duration, gaps: gaps, unreadable: unreadable)
  }

  /// What `speech-replay capture info` prints.
  public var summary: CaptureSummary { CaptureSummary(self) }

  // MARK: Buffers

  /// The tap buffers in order, read from the file a page at a time as the sequence is iterated.
  /// Iteration stops early if the file becomes unreadable; ``buffers(from:count:)`` throws instead.
  public var buffers: Buffers { Buffers(file: self) }

  /// Up to `count` buffers starting at index `start`.
  /// - Throws: ``CaptureError`` when the file cannot be read.
  public func buffers(from start: Int, count: Int) throws -> [CaptureBuffer] {
    do {
      return try database.inDatabase { db in
        try Row.fetchAll(
          db,
          sql:
            "SELECT seq, format_id, frame_count, sample_time, host_time, capture_ns, data FROM buffers WHERE seq >= ? ORDER BY seq LIMIT ?",
          arguments: [start, count]
        ).map { row in
          let column = Column(row: row, table: "buffers", path: url.path)
          let hostTime: Int64? = try column("host_time")
          let nanoseconds: Int64 = try column("capture_ns")
          return CaptureBuffer(
            index: try column("seq"),
            format: formatsByID[try column("format_id") as Int64]
              ?? CaptureFormat(sampleRate: 0, channelCount: 0, commonFormat: 0, isInterleaved: false),
            frameCount: try column("frame_count"), sampleTime: try column("sample_time"),
            hostTime: hostTime.map { UInt64(bitPattern: $0) },
            audioTime: Double(nanoseconds) / 1e9, data: try column("data"))
        }
      }
    } catch let error as CaptureError {
      throw error
    } catch {
      throw CaptureError(
        .io, path: url.path,
        message:
          "tap buffers from \(start) on cannot be read (\(Self.describe(error))); the file is damaged there. Import a window before it (--to)"
      )
    }
  }

  /// Where the first tap buffer that starts at or after `time` starts (seconds of audio); nil when none does.
  /// - Throws: ``CaptureError`` when the file cannot be read.
  public func bufferStart(atOrAfter time: Double) throws -> Double? {
    do {
      let nanoseconds = try database.inDatabase { db in
        try Int64.fetchOne(
          db, sql: "SELECT capture_ns FROM buffers WHERE capture_ns >= ? ORDER BY seq LIMIT 1",
          arguments: [Int64((time * 1e9).rounded(.down)) - 1000])
      }
      return nanoseconds.map { Double($0) / 1e9 }
    } catch {
      throw CaptureError(
        .io, path: url.path,
        message:
          "its tap buffers cannot be read (\(Self.describe(error))); the file is damaged. Import a window before the damage (--to)"
      )
    }
  }

  /// The tap buffers of a capture, read lazily.
  public struct Buffers: Sequence, Sendable {
    let file: CaptureFile

    /// An iterator that reads 64 buffers at a time.
    public struct Iterator: IteratorProtocol {
      let file: CaptureFile
      var page: [CaptureBuffer] = []
      var position = 0
      var nextIndex = 0
      var exhausted = false

      /// The next buffer, or nil at the end (or when the file can no longer be read).
      public mutating func next() -> CaptureBuffer? {
        if position == page.count {
          // A page that runs into damage is read one buffer at a time, up to the damage.
          guard !exhausted,
            let fetched = (try? file.buffers(from: nextIndex, count: 64))
              ?? (try? file.buffers(from: nextIndex, count: 1)), !fetched.isEmpty
          else {
            exhausted = true
            return nil
          }
          page = fetched
          position = 0
          nextIndex = (fetched.last?.index ?? nextIndex) + 1
        }
        defer { position += 1 }
        return page[position]
      }
    }

    /// Starts at the first buffer.
    public func makeIterator() -> Iterator { Iterator(file: file) }
  }

  // MARK: Schema version

  /// The error for a capture written by a newer schema, naming both versions.
  static func newerSchemaError(path: String, found: Int) -> CaptureError {
    CaptureError(
      .newerSchema(found: found, supported: CaptureSchema.version), path: path,
      message:
        "was written with capture schema version \(found); this version of speech-replay reads schema versions up to \(CaptureSchema.version). Update speech-replay to read it."
    )
  }

  /// The `user_version` of an SQLite file, or nil when it is not one.
  static func schemaVersion(atPath path: String) -> Int? {
    var configuration = Configuration()
    configuration.readonly = true
    guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return nil }
    return try? queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
  }
}

extension String {
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}

extension CaptureFile {
  /// One row's columns read with a located error instead of GRDB's trap: a damaged or hand-edited
  /// capture can hold NULL or text where the recorder wrote numbers.
  struct Column {
    let row: Row
    let table: String
    let path: String

    func callAsFunction<Value: DatabaseValueConvertible>(_ name: String) throws -> Value {
      do {
        return try row.decode(Value.self, forColumn: name)
      } catch {
        let stored = (row[name] as DatabaseValue?).map { String(describing: $0) } ?? "nothing"
        throw CaptureError(
          .notACapture, path: path,
          message:
            "is damaged: a row of its \(table) table holds \(stored) in \(name), where a capture has \(Value.self). Record the session again, or import a window before the damage"
        )
      }
    }
  }
}

extension Int {
  /// The sum, held at `Int.max` or `Int.min` instead of trapping.
  func addingSaturated(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }
}
