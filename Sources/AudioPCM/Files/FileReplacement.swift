import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written beside its destination and renamed into place only when complete, so a write
/// that fails or is killed half-way leaves the previous file as it was.
///
/// The temporary file is in the destination's folder (a rename is atomic only within one file
/// system), named `.NAME.XXXXXXXX.partial`. A destination that is a symbolic link is resolved first,
/// so the file it points to is replaced and the link kept.
///
/// ```swift
/// let replacement = try FileReplacement(replacing: "report.xml")
/// try Data(xml.utf8).write(to: URL(fileURLWithPath: replacement.temporaryPath))
/// try replacement.commit()
/// ```
///
/// Or, for data already in memory: `try FileReplacement.write(data, to: "report.xml")`.
///
/// > Warning: A process killed with SIGKILL cannot remove its temporary file; a `.partial` file
/// > may then stay beside the destination (the destination itself is intact).
public final class FileReplacement {
  /// The file that ``commit()`` replaces (symbolic links resolved).
  public let destination: String
  /// The file to write into; it exists (empty) once the replacement is created.
  public let temporaryPath: String
  private var finished = false
  /// The device, pipe or socket written into at commit, when the destination is one (nil: a file, renamed into place).
  private let writesInPlace: String?

  /// Creates an empty temporary file beside `path`.
  ///
  /// - Parameter path: The file to replace (or create); its folder must exist.
  /// - Throws: ``AudioFileError`` with code `.cannotOpen` naming `path` when the folder does not
  ///   exist or is not writable.
  public init(replacing path: String) throws {
    // A device, a pipe or a socket (`/dev/null`, `/dev/stdout`, a FIFO) is written into, never
    // renamed over: a rename would replace the device node itself with a plain file.
    if Self.isSpecial(path) {
      guard access(path, W_OK) == 0 else {
        throw AudioFileError(
          code: .cannotOpen, path: path, message: "cannot be written (\(Self.reason(errno))); check the path")
      }
      writesInPlace = path
    } else {
      writesInPlace = nil
    }
    let destination = writesInPlace ?? Self.resolvingLinks(path)
    self.destination = destination
    // String paths, not URLs: a relative path stays relative in messages.
    let name = (destination as NSString).lastPathComponent
    let parent = (destination as NSString).deletingLastPathComponent
    let folder = writesInPlace != nil ? NSTemporaryDirectory() : parent.isEmpty ? "." : parent
    var created: String?
    var lastError: Int32 = 0
    // A random name, created exclusively: two writers of one destination never share a temporary file.
    for _ in 0..<8 {
      let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
      let candidate = (folder as NSString).appendingPathComponent(".\(name).\(suffix).partial")
      let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 {
        // An existing destination keeps its permissions; a new one gets the umask's, as any new file.
        var existing = stat()
        if stat(destination, &existing) == 0 { fchmod(descriptor, existing.st_mode & 0o7777) }
        close(descriptor)
        created = candidate
        break
      }
      lastError = errno
      if lastError != EEXIST { break }
    }
    guard let created else {
      throw AudioFileError(
        code: .cannotOpen, path: path,
        message:
          "cannot create a file in \(folder) (\(Self.reason(lastError))); check that the folder exists and is writable")
    }
    temporaryPath = created
    // A temporary file created while the process is being ended by a signal (after the cleanup
    // ran) is removed at once, so none outlives the process.
    let ending = Self.pending.withLock { pending in
      pending.paths.insert(created)
      return pending.ending
    }
    if ending { unlink(created) }
  }

  deinit {
    if !finished { unlink(temporaryPath) }
    Self.pending.withLock { _ = $0.paths.remove(temporaryPath) }
  }

  /// The temporary files of replacements neither committed nor discarded yet, in this process.
  /// `ending` once ``removePendingTemporaryFiles()`` ran: the process is being ended.
  private static let pending = Mutex<(paths: Set<String>, ending: Bool)>(([], false))

  /// Removes every temporary file a replacement of this process has not committed or discarded.
  ///
  /// For a signal handler that is about to end the process (Ctrl-C, SIGTERM): no `.partial` file
  /// is left beside the destinations, which keep what they held.
  public static func removePendingTemporaryFiles() {
    let paths = pending.withLock { pending in
      pending.ending = true
      return pending.paths
    }
    for path in paths { unlink(path) }
  }

  /// Renames the temporary file over the destination. Committing twice does nothing.
  ///
  /// - Throws: ``AudioFileError`` with code `.writeFailed` naming the destination when the rename
  ///   fails; the temporary file is removed and the destination left as it was.
  public func commit() throws {
    guard !finished else { return }
    finished = true
    defer { Self.pending.withLock { _ = $0.paths.remove(temporaryPath) } }
    if let writesInPlace {
      defer { unlink(temporaryPath) }
      try Self.copy(temporaryPath, into: writesInPlace)
      return
    }
    guard rename(temporaryPath, destination) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw AudioFileError(
        code: .writeFailed, path: destination,
        message: "cannot move the finished file into place (\(reason)); check the folder's permissions")
    }
  }

  /// Opens the temporary file for writing, emptied, without ever creating it.
  ///
  /// Write through this descriptor, never by path: a signal's cleanup
  /// (``removePendingTemporaryFiles()``) may remove the file on another thread at any moment, and
  /// an open by path that creates the file would bring it back after the cleanup, to outlive the process.
  ///
  /// - Returns: A descriptor the caller closes.
  /// - Throws: ``AudioFileError`` with code `.cannotOpen` naming the destination when the temporary
  ///   file is gone (the process is ending) or cannot be opened.
  public func openForWriting() throws -> Int32 {
    let descriptor = open(temporaryPath, O_RDWR | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw AudioFileError(
        code: .cannotOpen, path: destination,
        message:
          "cannot open its temporary file (\(Self.reason(errno))); check the folder, or whether the command was interrupted"
      )
    }
    return descriptor
  }

  /// Removes the temporary file and leaves the destination as it was. Does nothing after ``commit()``.
  public func discard() {
    guard !finished else { return }
    finished = true
    unlink(temporaryPath)
    Self.pending.withLock { _ = $0.paths.remove(temporaryPath) }
  }

  /// Writes `data` to `path` through a temporary file beside it.
  ///
  /// - Parameters:
  ///   - data: The whole content.
  ///   - path: The file to replace or create.
  /// - Throws: ``AudioFileError`` naming `path` when it cannot be written; `path` is then unchanged.
  public static func write(_ data: Data, to path: String) throws {
    let replacement = try FileReplacement(replacing: path)
    do {
      let handle = FileHandle(fileDescriptor: try replacement.openForWriting(), closeOnDealloc: true)
      try handle.write(contentsOf: data)
      try handle.close()
    } catch {
      replacement.discard()
      throw AudioFileError(
        code: .writeFailed, path: path,
        message:
          "cannot write the file (\(FileProblem.describe(error, path: replacement.temporaryPath))); check free disk space"
      )
    }
    try replacement.commit()
  }

  /// Whether `path` is (or links to) something other than a plain file or a folder, or lies in
  /// `/dev` or `/proc` (`/dev/stdout` may resolve to a plain file the caller's output goes to).
  static func isSpecial(_ path: String) -> Bool {
    if path.hasPrefix("/dev/") || path.hasPrefix("/proc/") { return FileManager.default.fileExists(atPath: path) }
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    let kind = info.st_mode & S_IFMT
    return kind != S_IFREG && kind != S_IFDIR
  }

  /// Appends the bytes of `source` to `destination` (a device, pipe or socket).
  private static func copy(_ source: String, into destination: String) throws {
    guard let data = FileManager.default.contents(atPath: source) else {
      throw AudioFileError(
        code: .writeFailed, path: destination,
        message: "cannot read back what was written for it; check the temporary folder (TMPDIR)")
    }
    // This process's own standard output or error (or another descriptor of it) is written through
    // that descriptor: opened anew, its offset would not follow what the process writes there.
    let own: Int32? =
      switch destination {
      case "/dev/stdout": STDOUT_FILENO
      case "/dev/stderr": STDERR_FILENO
      default:
        ["/dev/fd/", "/proc/self/fd/"].lazy.compactMap { prefix in
          destination.hasPrefix(prefix) ? Int32(destination.dropFirst(prefix.count)) : nil
        }.first
      }
    // Non-blocking to open: a pipe nobody reads is an error now, not a hang.
    let descriptor = own ?? open(destination, O_WRONLY | O_APPEND | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let text = errno == ENXIO ? "a pipe nothing reads from" : reason(errno)
      throw AudioFileError(
        code: .writeFailed, path: destination, message: "cannot be opened for writing (\(text)); check the path")
    }
    if own == nil { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
    defer { if own == nil { close(descriptor) } }
    var offset = 0
    while offset < data.count {
      let written = data.withUnsafeBytes { bytes in
        #if canImport(Glibc)
          Glibc.write(descriptor, bytes.baseAddress! + offset, data.count - offset)
        #else
          Darwin.write(descriptor, bytes.baseAddress! + offset, data.count - offset)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw AudioFileError(
          code: .writeFailed, path: destination, message: "cannot be written (\(reason(errno))); check the path")
      }
      offset += written
    }
  }

  private static func reason(_ number: Int32) -> String {
    switch number {
    case ENOENT, ENOTDIR: "no such folder"
    case EACCES, EPERM: "permission denied"
    case EROFS: "the file system is read-only"
    default: String(cString: strerror(number))
    }
  }

  /// The destination with symbolic links resolved, when it is one; `path` otherwise.
  private static func resolvingLinks(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else {
      return path
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
