import Foundation

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

  /// Creates an empty temporary file beside `path`.
  ///
  /// - Parameter path: The file to replace (or create); its folder must exist.
  /// - Throws: ``AudioFileError`` with code `.cannotOpen` naming `path` when the folder does not
  ///   exist or is not writable.
  public init(replacing path: String) throws {
    let destination = Self.resolvingLinks(path)
    self.destination = destination
    // String paths, not URLs: a relative path stays relative in messages.
    let name = (destination as NSString).lastPathComponent
    let parent = (destination as NSString).deletingLastPathComponent
    let folder = parent.isEmpty ? "." : parent
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
        message: "cannot create a file in \(folder) (\(Self.reason(lastError))); check that the folder exists and is writable")
    }
    temporaryPath = created
  }

  deinit {
    if !finished { unlink(temporaryPath) }
  }

  /// Renames the temporary file over the destination. Committing twice does nothing.
  ///
  /// - Throws: ``AudioFileError`` with code `.writeFailed` naming the destination when the rename
  ///   fails; the temporary file is removed and the destination left as it was.
  public func commit() throws {
    guard !finished else { return }
    finished = true
    guard rename(temporaryPath, destination) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw AudioFileError(code: .writeFailed, path: destination, message: "cannot move the finished file into place (\(reason)); check the folder's permissions")
    }
  }

  /// Removes the temporary file and leaves the destination as it was. Does nothing after ``commit()``.
  public func discard() {
    guard !finished else { return }
    finished = true
    unlink(temporaryPath)
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
      try data.write(to: URL(fileURLWithPath: replacement.temporaryPath))
    } catch {
      replacement.discard()
      throw AudioFileError(code: .writeFailed, path: path, message: "cannot write the file (\(FileProblem.describe(error, path: replacement.temporaryPath))); check free disk space")
    }
    try replacement.commit()
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
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
