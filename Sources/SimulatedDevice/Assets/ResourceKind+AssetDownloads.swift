import Simulation

extension ResourceKind {
  /// Speech-asset downloads started and not yet finished or failed.
  public static let assetDownloads: ResourceKind = "asset downloads"
}
