import Foundation
import SimulatedDevice

/// A request to download and install the assets a module configuration needs — the twin of Apple's
/// `AssetInstallationRequest`, obtained from ``AssetInventory/assetInstallationRequest(supporting:)``.
///
/// ``progress`` (100 units) advances in virtual time while the simulated device downloads. Requests
/// for the same locale share one download. A download needs the network: on a first offline run
/// ``downloadAndInstall()`` throws and the model stays missing — the trap Apple's framework has too.
public final class AssetInstallationRequest: NSObject, ProgressReporting, Sendable {
  /// The download's progress: `totalUnitCount` 100, completed when everything is installed.
  public let progress: Progress

  /// The locales this request installs (BCP-47).
  let locales: [String]

  init(locales: [String]) {
    self.locales = locales
    self.progress = Progress(totalUnitCount: 100)
  }

  /// Downloads and installs the assets, returning when the first attempt succeeds or fails.
  ///
  /// On a device the system retries a failed download later on its own; the simulated device does
  /// not, so ask for a new request to retry (see Documentation/Twins.md).
  /// - Throws: `SFSpeechError` `internalServiceError` when the network is unavailable (the message
  ///   says so) or the download fails; `tooManyAssetLocalesAllocated` when the reservation the
  ///   request made was released and no slot is free.
  public func downloadAndInstall() async throws {
    let catalogue = SimulatedDevice.current.assets
    let count = locales.count
    for (index, locale) in locales.enumerated() {
      let progress = self.progress
      do {
        try await catalogue.install(locale) { fraction in
          // Each locale owns an equal share of the 100 units.
          let units = Int64(((Double(index) + fraction) / Double(count) * 100).rounded(.down))
          if units > progress.completedUnitCount { progress.completedUnitCount = units }
        }
      } catch {
        if error.reason == .networkUnavailable {
          SimulatedDevice.current.diagnose(
            "AssetInventory",
            "downloadAndInstall() failed because the network is unavailable: the \(locale) speech model is not on "
              + "the device and cannot be downloaded offline, so the app cannot transcribe \(locale) until the network "
              + "returns. Apple's framework throws here too and retries the download later in the background; the "
              + "simulated device does not retry — ask for a new installation request once the network is back.")
        }
        throw SFSpeechError(assetError: error)
      }
    }
    // A request the system queued returned with its asset still downloading: no progress to show.
    guard locales.allSatisfy({ catalogue.status(of: $0) == .installed }) else { return }
    progress.completedUnitCount = 100
  }
}
