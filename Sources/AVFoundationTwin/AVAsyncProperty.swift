public import CoreMediaTwin

/// A property of an asset that loads asynchronously — the twin of `AVAsyncProperty`, for
/// `try await asset.load(.duration)` and `.tracks`.
public final class AVAsyncProperty<Root, Value>: @unchecked Sendable {
  // @unchecked: immutable.
  let name: String
  let loader: @Sendable (AVAsset) async throws -> Any

  init(name: String, loader: @escaping @Sendable (AVAsset) async throws -> Any) {
    self.name = name
    self.loader = loader
  }
}

extension AVAsyncProperty where Root: AVAsset, Value == CMTime {
  /// The asset's length (the file's frames over its rate).
  public static var duration: AVAsyncProperty<Root, CMTime> {
    AVAsyncProperty(name: "duration") { asset in try asset.loadedDuration() }
  }
}

extension AVAsyncProperty where Root: AVAsset, Value == [AVAssetTrack] {
  /// The asset's tracks (one audio track for an audio file).
  public static var tracks: AVAsyncProperty<Root, [AVAssetTrack]> {
    AVAsyncProperty(name: "tracks") { asset in try await asset.loadTracks(withMediaType: .audio) }
  }
}

extension AVAsyncProperty where Root: AVAsset, Value == Bool {
  /// Whether the asset can be played (the twin: whether its file reads).
  public static var isPlayable: AVAsyncProperty<Root, Bool> {
    AVAsyncProperty(name: "isPlayable") { asset in (try? asset.probe()) != nil }
  }

  /// Whether the asset can be read (the twin: whether its file reads).
  public static var isReadable: AVAsyncProperty<Root, Bool> {
    AVAsyncProperty(name: "isReadable") { asset in (try? asset.probe()) != nil }
  }
}
