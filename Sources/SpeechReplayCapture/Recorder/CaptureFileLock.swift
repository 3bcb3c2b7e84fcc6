import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one-writer rule of a capture: an exclusive `flock` on `<capture>-lock` beside the file,
/// held from the recorder's start to its `finish()`/`close()`.
///
/// The kernel releases it when the process ends, however it ends, so a capture whose app was
/// killed can be recorded over again without cleanup. The lock file stays (empty) after the
/// recorder closes: removing it would let two writers lock two different files of one name.
final class CaptureFileLock {
  let path: String
  private var descriptor: Int32

  /// Takes the lock or throws a ``CaptureError`` of kind `lockedByAnotherWriter`.
  init(capturePath: String) throws {
    path = capturePath + "-lock"
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw CaptureError(
        .io, path: capturePath,
        message:
          "cannot create its lock file '\(path)': \(String(cString: strerror(errno))). Record into a folder the app can write."
      )
    }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let reason = errno
      close(descriptor)
      descriptor = -1
      if reason == EWOULDBLOCK {
        throw CaptureError(
          .lockedByAnotherWriter, path: capturePath,
          message:
            "another recorder is writing this capture (it holds '\(path)'). Give each recording its own file, or finish() the other recorder first."
        )
      }
      throw CaptureError(.io, path: capturePath, message: "cannot lock '\(path)': \(String(cString: strerror(reason)))")
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
