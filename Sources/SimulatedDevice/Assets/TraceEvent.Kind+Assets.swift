import Simulation

extension TraceEvent.Kind {
  /// A locale was reserved (field `locale`).
  public static let assetReserved = TraceEvent.Kind("asset.reserve")
  /// A reservation was released (field `locale`).
  public static let assetReleased = TraceEvent.Kind("asset.release")
  /// A download started (fields `locale`, `duration`, `steps`).
  public static let assetDownloadStarted = TraceEvent.Kind("asset.download.start")
  /// A download reported progress (fields `locale`, `fraction`).
  public static let assetDownloadProgress = TraceEvent.Kind("asset.download.progress")
  /// A download finished and the locale is installed (field `locale`).
  public static let assetDownloadFinished = TraceEvent.Kind("asset.download.finish")
  /// A download failed or could not start (fields `locale`, `reason`).
  public static let assetDownloadFailed = TraceEvent.Kind("asset.download.fail")
  /// A scenario installed or removed an asset instantly (fields `locale`, `action`).
  public static let assetChanged = TraceEvent.Kind("asset.change")
}
