extension AssetCatalogue {
  /// `downloadAndInstall()` returns while the download goes on (``SimulatedDevice/AssetConfiguration/downloadReturnsWhileDownloading``):
  /// the system queued the request, as reported for a locale that is not among the system's
  /// languages (fastrepl/anarlog#7006, 2026: "stuck at 0%", `downloadAndInstall()` returned and the
  /// system retried later). The locale stays `downloading` until the download ends; the caller's
  /// progress is not updated.
  func returnWhileDownloading(_ locale: String) {
    SimulatedDevice.current.diagnose(
      "AssetInventory",
      "downloadAndInstall() returned while the \(locale) model is still downloading (the system queued the request and "
        + "goes on in the background): AssetInventory.status(forModules:) stays .downloading and "
        + "bestAvailableAudioFormat(compatibleWith:) nil until it is installed — keep polling the status instead of "
        + "taking the return as installed")
  }
}
