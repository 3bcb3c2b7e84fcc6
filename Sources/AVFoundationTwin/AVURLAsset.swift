public import Foundation

/// An asset at a URL — the twin of `AVURLAsset`, for local audio files.
open class AVURLAsset: AVAsset, @unchecked Sendable {
  /// Creates an asset for a file; nothing is read until its tracks are loaded.
  /// - Parameters:
  ///   - URL: A file URL.
  ///   - options: Accepted and ignored (the twin reads local files only).
  public init(url URL: URL, options: [String: Any]? = nil) {
    super.init(url: URL)
  }

  /// The asset's URL.
  open var url: URL { fileURL }
}
