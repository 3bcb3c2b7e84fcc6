#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import Foundation
  import Simulation
  import SimulatedDevice
  import SpeechTwin
  import Testing

  /// A request the system queued (`device.download.returnsWhileDownloading`; Twins.md, "Faults of
  /// the Speech twins"; fastrepl/anarlog#7006): `downloadAndInstall()` returns at once without an
  /// error while the asset stays downloading, with no progress, until the download ends in the background.
  @Suite(.serialized) struct AssetQueuedDownloadTests {
    @Test func downloadAndInstallReturnsWhileTheAssetStaysDownloading() throws {
      var assets = SimulatedDevice.AssetConfiguration(installedLocales: [], reservedLocales: [])
      assets.downloadReturnsWhileDownloading = true
      let device = SimulatedDevice(configuration: .init(assets: assets))
      let report = try simulate("queued download", on: device) {
        let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .transcription)
        let request = try #require(try await AssetInventory.assetInstallationRequest(supporting: [transcriber]))
        let attempt = await Attempt.of { try await request.downloadAndInstall() }
        let returnedAt = virtualNow
        let statusOnReturn = await AssetInventory.status(forModules: [transcriber])
        let formatOnReturn = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber])
        try await Simulation.current!.clock.sleep(for: .milliseconds(3100))
        let statusLater = await AssetInventory.status(forModules: [transcriber])
        let formatLater = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber])
        return (
          attempt, returnedAt, statusOnReturn, formatOnReturn == nil, request.progress.completedUnitCount, statusLater,
          formatLater != nil
        )
      }
      let (attempt, returnedAt, statusOnReturn, noFormat, units, statusLater, hasFormat) = try report.get()
      #expect(attempt == .succeeded)
      #expect(returnedAt == .zero)
      #expect(statusOnReturn == .downloading)
      #expect(noFormat)
      #expect(units == 0, "a queued request shows no progress")
      #expect(statusLater == .installed, "the download ends in the background after 3 s")
      #expect(hasFormat)
      #expect(
        device.diagnostics.contains { $0.message.hasPrefix("downloadAndInstall() returned while the en-US model") })
    }
  }
#endif
