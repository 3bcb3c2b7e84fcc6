import ArgumentParser
import Foundation

/// An exclusive lock on a folder a command writes a set of files into (`run --capture DIR`,
/// `capture import --out DIR`), held until the command ends.
///
/// Two such commands writing into one folder at once would mix their files (one import's audio
/// with another's tap schedule) or lose both captures; the second gets a usage error instead.
/// The lock is a `flock` on the folder itself, so no lock file is left in the user's folder, and
/// the kernel releases it when the process ends, however it ends.
final class FolderLock {
  private var descriptor: Int32

  /// Takes the lock on an existing folder.
  /// - Parameters:
  ///   - folder: The folder.
  ///   - option: The option that named it, for the message (`--capture`).
  /// - Throws: `ValidationError` when another process holds it, or the folder cannot be opened.
  init(folder: String, option: String) throws {
    descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ValidationError("\(option) \(folder): cannot open the folder (\(String(cString: strerror(errno))))")
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let reason = errno
      close(descriptor)
      descriptor = -1
      if reason == EWOULDBLOCK {
        throw ValidationError(
          "\(option) \(folder): another speech-replay is writing into this folder now; wait for it to finish, or choose another folder"
        )
      }
      throw ValidationError("\(option) \(folder): cannot lock the folder (\(String(cString: strerror(reason))))")
    }
  }

  /// Gives the lock back; idempotent.
  func release() {
    guard descriptor >= 0 else { return }
    flock(descriptor, LOCK_UN)
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }
}
