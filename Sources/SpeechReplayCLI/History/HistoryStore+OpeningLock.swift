import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension HistoryStore {
  /// Runs `body` (opening the history and migrating it) while holding an exclusive advisory lock
  /// on `PATH-lock` beside the database, so processes open a history one at a time. Where the lock
  /// file cannot be created (a read-only folder: nothing will be written there either) `body` runs
  /// without it. The lock is released when `body` returns or throws, or when the process ends.
  static func whileOpening<Result>(_ path: String, _ body: () throws -> Result) throws -> Result {
    let descriptor = open(path + "-lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return try body() }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}
