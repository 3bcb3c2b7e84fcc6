import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a path cannot be read, in words a user acts on ("no such file", "a loop of symbolic links"),
/// found by asking the file system, so Foundation's `NSCocoaErrorDomain error 256` never reaches a message.
///
/// ```swift
/// if let problem = FileProblem.reading("Scenarios/x.yaml") { print("Scenarios/x.yaml: \(problem)") }
/// ```
public enum FileProblem {
  /// Why the file at `path` cannot be opened for reading, or `nil` when it is a readable file.
  ///
  /// - Parameter path: The file.
  /// - Returns: Such as `no such file`, `a loop of symbolic links`, `a folder, not a file`,
  ///   `permission denied`.
  public static func reading(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return reason(errno, path: path) }
    if info.st_mode & S_IFMT == S_IFDIR { return "a folder, not a file" }
    if let special = specialKind(info.st_mode) {
      // Reading one would wait for a writer or read without end: never a file's contents.
      return "\(special), not a regular file; give the path of a file"
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return reason(errno, path: path) }
    close(descriptor)
    return nil
  }

  /// What went wrong reading or writing `path`, for a message: the file system's reason when the
  /// path itself is the problem, else the error's own text without Foundation's error domains.
  ///
  /// - Parameters:
  ///   - error: The error a read or write threw.
  ///   - path: The file it concerned.
  /// - Returns: One phrase, such as `no such file` or `No space left on device`.
  public static func describe(_ error: any Error, path: String) -> String {
    if let problem = reading(path) { return problem }
    let nsError = error as NSError
    for candidate in [nsError, nsError.userInfo[NSUnderlyingErrorKey] as? NSError].compactMap({ $0 })
    where candidate.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(candidate.code)))
    }
    if nsError.domain == NSCocoaErrorDomain {
      switch CocoaError.Code(rawValue: nsError.code) {
      // 259 is what String(contentsOfFile:encoding: .utf8) throws on Linux for bytes that are not UTF-8.
      case .fileReadInapplicableStringEncoding, .fileReadCorruptFile: return "the file is not UTF-8 text"
      case .fileReadTooLarge: return "the file is too large to read"
      case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
      case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
      case .fileWriteOutOfSpace: return "no space left on the device"
      case .fileWriteFileExists: return "a file is in the way where a folder should be"
      case .fileWriteVolumeReadOnly: return "the file system is read-only"
      default: break
      }
    }
    let text = String(describing: error)
    // Foundation's generic text says nothing; name the error instead.
    return text.contains("Error Domain=") || text.contains("could not be completed")
      || text.contains("NSCocoaErrorDomain")
      ? "the file could not be read or written" : text
  }

  /// What a file that is not a regular file is: a named pipe, a device or a socket; nil for a regular file.
  static func specialKind(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFIFO: "a named pipe (FIFO)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: nil
    }
  }

  private static func reason(_ number: Int32, path: String) -> String {
    switch number {
    case ENOENT:
      var info = stat()
      // A symbolic link whose target is missing: say so rather than "no such file" for a name that exists.
      if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
        return "a symbolic link to a file that does not exist"
      }
      return "no such file"
    case ELOOP: return "a loop of symbolic links"
    case EACCES, EPERM: return "permission denied"
    case ENOTDIR: return "no such file (a part of the path is not a folder)"
    case ENAMETOOLONG: return "the path is too long"
    default: return String(cString: strerror(number))
    }
  }
}
