import Foundation

/// Two paths that name one file: the same path, a symbolic link to it, or a hard link (the same
/// device and inode), found with `stat` so no spelling of the path can hide it.
struct SameFile: Sendable, Hashable {
  /// How the second path reaches the first, for a message: empty for the same path,
  /// ` (through a symbolic link)` or ` (a hard link to it)`.
  var how: String

  /// The relation between `first` and `second`, or `nil` when they are different files (or either
  /// does not exist yet).
  init?(_ first: String, _ second: String) {
    var a = stat()
    var b = stat()
    guard stat(first, &a) == 0, stat(second, &b) == 0, a.st_dev == b.st_dev, a.st_ino == b.st_ino else { return nil }
    var linkA = stat()
    var linkB = stat()
    let isLink = { (info: stat) in info.st_mode & S_IFMT == S_IFLNK }
    if lstat(first, &linkA) == 0, lstat(second, &linkB) == 0, isLink(linkA) || isLink(linkB) {
      how = " (through a symbolic link)"
    } else if linkA.st_ino == linkB.st_ino, linkA.st_dev == linkB.st_dev,
      URL(fileURLWithPath: first).standardizedFileURL.path != URL(fileURLWithPath: second).standardizedFileURL.path,
      linkA.st_nlink > 1
    {
      // Different names of one inode: either a hard link or a folder spelled two ways (`a/../a`).
      how = " (a hard link to it)"
    } else {
      how = ""
    }
  }
}
