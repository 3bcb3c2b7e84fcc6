public import Foundation

/// One track of an asset — the twin of `AVAssetTrack`; an audio file has one audio track.
open class AVAssetTrack: NSObject, @unchecked Sendable {
  // @unchecked: immutable.
  /// The asset the track belongs to.
  public let asset: AVAsset?
  /// The track's identifier (1 for an audio file's track).
  public let trackID: Int32
  /// The track's media type.
  public let mediaType: AVMediaType

  init(asset: AVAsset, trackID: Int32, mediaType: AVMediaType) {
    self.asset = asset
    self.trackID = trackID
    self.mediaType = mediaType
  }
}
