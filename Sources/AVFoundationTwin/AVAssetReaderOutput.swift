public import CoreMediaTwin
public import Foundation

/// What an ``AVAssetReader`` reads into — the twin of the abstract `AVAssetReaderOutput`.
open class AVAssetReaderOutput: NSObject, @unchecked Sendable {
  // @unchecked: subclasses keep their state under a lock.
  /// The media type of the samples.
  open var mediaType: AVMediaType { .audio }
  /// Whether each sample buffer is a copy (true by default; the twin always copies).
  open var alwaysCopiesSampleData = true

  /// The next sample buffer, or nil when the reader has read everything (its status is then
  /// `.completed`) or is not reading.
  open func copyNextSampleBuffer() -> CMSampleBuffer? { nil }
}
