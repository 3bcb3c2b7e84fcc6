extension AVAssetReader {
  /// The states of a reader (Apple's raw values).
  public enum Status: Int, Sendable, Hashable {
    /// Not started.
    case unknown = 0
    /// Reading.
    case reading = 1
    /// Every sample was read.
    case completed = 2
    /// Reading failed; see ``AVAssetReader/error``.
    case failed = 3
    /// ``AVAssetReader/cancelReading()`` was called.
    case cancelled = 4
  }
}
