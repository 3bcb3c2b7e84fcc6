import SimulatedDevice

extension SFSpeechError {
  /// The error Apple's framework throws for a refusal of the simulated device's asset catalogue
  /// (the codes are decided in Documentation/Twins.md, "SpeechTwin: assets and detector").
  init(assetError error: AssetCatalogueError) {
    switch error.reason {
    case .unsupportedLocale:
      self.init(.cannotAllocateUnsupportedLocale, message: "\(error.locale) asset unavailable. \(error.message)")
    case .reservationLimitReached: self.init(.tooManyAssetLocalesAllocated, message: error.message)
    case .networkUnavailable: self.init(.internalServiceError, message: error.message)
    case .downloadFailed: self.init(.internalServiceError, message: error.message)
    }
  }
}
