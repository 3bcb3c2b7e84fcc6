import Foundation
import Testing

#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import Speech
#else
  import SpeechTwin
#endif

@Suite struct AssetInventoryStatusTests {
  @Test func statusesAreOrderedByReadiness() {
    let shuffled: [AssetInventory.Status] = [.installed, .unsupported, .downloading, .supported]
    #expect(shuffled.sorted() == [.unsupported, .supported, .downloading, .installed])
    #expect(AssetInventory.Status.supported < .downloading)
    #expect(!(AssetInventory.Status.installed < .downloading))
  }
}

#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import Simulation
  import SimulatedDevice

  /// The AssetInventory state machine on the simulated device. Downloads take 3 s in 10 steps (the
  /// device's default), so progress lands every 300 ms of virtual time.
  @Suite(.serialized) struct AssetInventoryTests {
    static let german = Locale(identifier: "de-DE")

    @Test func anInstalledConfigurationNeedsNoRequest() throws {
      let report = try simulate("installed: no request", on: SimulatedDevice()) {
        let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .transcription)
        let status = await AssetInventory.status(forModules: [transcriber])
        let request = try await AssetInventory.assetInstallationRequest(supporting: [transcriber])
        return (status, request == nil)
      }
      let (status, noRequest) = try report.get()
      #expect(status == .installed)
      #expect(noRequest)
    }

    @Test func aDetectorNeedsNoAssetAndJoinsATranscriber() throws {
      let report = try simulate("detector needs no asset", on: SimulatedDevice()) {
        let detectorOnly: [any SpeechModule] = [SpeechDetector()]
        let withGerman: [any SpeechModule] = [
          SpeechTranscriber(locale: Self.german, preset: .transcription), SpeechDetector(),
        ]
        return (
          await AssetInventory.status(forModules: detectorOnly),
          try await AssetInventory.assetInstallationRequest(supporting: detectorOnly) == nil,
          await AssetInventory.status(forModules: withGerman)
        )
      }
      let (detectorStatus, noRequest, combined) = try report.get()
      #expect(detectorStatus == .installed)
      #expect(noRequest)
      #expect(combined == .supported, "the transcriber's asset decides")
    }

    @Test func aRequestDownloadsInVirtualTimeWithProgressThenInstalls() throws {
      struct Seen: Sendable {
        var before: AssetInventory.Status
        var reservedAfterRequest: [String]
        var midway: (units: Int64, status: AssetInventory.Status)
        var attempt: Attempt
        var finishedAt: Duration
        var units: Int64
        var after: AssetInventory.Status
      }
      let report = try simulate("download with progress", on: SimulatedDevice()) {
        let transcriber = SpeechTranscriber(locale: Self.german, preset: .transcription)
        let before = await AssetInventory.status(forModules: [transcriber])
        let request = try #require(try await AssetInventory.assetInstallationRequest(supporting: [transcriber]))
        let reserved = await AssetInventory.reservedLocales.map { $0.identifier(.bcp47) }
        // Looks in between two progress steps (1.2 s and 1.5 s), so no step ties with the look.
        let watcher = Task {
          try await Simulation.current!.clock.sleep(for: .milliseconds(1450))
          return (request.progress.completedUnitCount, await AssetInventory.status(forModules: [transcriber]))
        }
        let attempt = await Attempt.of { try await request.downloadAndInstall() }
        let finishedAt = virtualNow
        let midway = try await watcher.value
        return Seen(
          before: before, reservedAfterRequest: reserved, midway: midway, attempt: attempt, finishedAt: finishedAt,
          units: request.progress.completedUnitCount, after: await AssetInventory.status(forModules: [transcriber]))
      }
      let seen = try report.get()
      #expect(seen.before == .supported)
      #expect(seen.reservedAfterRequest.contains("de-DE"), "the request reserves the locale")
      #expect(seen.midway.units == 40 && seen.midway.status == .downloading)
      #expect(seen.attempt == .succeeded)
      #expect(seen.finishedAt == .seconds(3))
      #expect(seen.units == 100)
      #expect(seen.after == .installed)
      let progress = report.trace.filter { $0.kind == .assetDownloadProgress }
      #expect(progress.map(\.time) == (1...10).map { Duration.milliseconds(300 * $0) })
      #expect(progress.last?["fraction"] == "1.0")
      #expect(report.trace.filter { $0.kind == .assetDownloadStarted }.count == 1)
      #expect(report.trace.contains { $0.kind == .resourceAcquired && $0["kind"] == "asset downloads" })
      #expect(report.ledgerGrowth.isEmpty, "the download's lease is released: \(report.ledgerGrowth)")
    }

    @Test func aFirstOfflineRunCannotInstallTheModelUntilTheNetworkReturns() throws {
      let device = SimulatedDevice(
        configuration: .init(assets: .init(installedLocales: [], reservedLocales: []), networkAvailable: false))
      let report = try simulate("first offline run", on: device) {
        let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .transcription)
        let request = try #require(try await AssetInventory.assetInstallationRequest(supporting: [transcriber]))
        let offline = await Attempt.of { try await request.downloadAndInstall() }
        let failedAt = virtualNow
        let statusOffline = await AssetInventory.status(forModules: [transcriber])
        let formatsOffline = await transcriber.availableCompatibleAudioFormats.count
        device.networkAvailable = true
        let retry = try #require(try await AssetInventory.assetInstallationRequest(supporting: [transcriber]))
        let online = await Attempt.of { try await retry.downloadAndInstall() }
        return (
          offline, failedAt, statusOffline, formatsOffline, online,
          await AssetInventory.status(forModules: [transcriber])
        )
      }
      let (offline, failedAt, statusOffline, formatsOffline, online, statusOnline) = try report.get()
      let error = try #require(offline.error, "offline: \(offline)")
      #expect(error.code == .internalServiceError)
      #expect(error.message.contains("network is unavailable") && error.message.contains("en-US"))
      #expect(failedAt == .zero, "an offline download fails at once")
      #expect(statusOffline == .supported)
      #expect(formatsOffline == 0, "no analyzer format until the model is installed")
      #expect(
        device.diagnostics.contains { $0.subject == "AssetInventory" && $0.message.contains("network is unavailable") })
      #expect(online == .succeeded)
      #expect(statusOnline == .installed)
    }

    @Test func goingOfflineDuringTheDownloadFailsItAtTheNextStep() throws {
      let device = SimulatedDevice()
      let report = try simulate("offline mid-download", on: device) {
        let transcriber = SpeechTranscriber(locale: Self.german, preset: .transcription)
        let request = try #require(try await AssetInventory.assetInstallationRequest(supporting: [transcriber]))
        let cut = Task {
          try await Simulation.current!.clock.sleep(for: .seconds(1))
          device.networkAvailable = false
        }
        let attempt = await Attempt.of { try await request.downloadAndInstall() }
        try await cut.value
        return (
          attempt, virtualNow, request.progress.completedUnitCount,
          await AssetInventory.status(forModules: [transcriber])
        )
      }
      let (attempt, failedAt, units, status) = try report.get()
      #expect(attempt.error?.message.contains("went offline during the download") == true, "\(attempt)")
      #expect(failedAt == .milliseconds(1200), "the step after the network went away")
      #expect(units == 30)
      #expect(status == .supported)
      #expect(report.trace.contains { $0.kind == .assetDownloadFailed && $0["reason"] == "networkUnavailable" })
      #expect(report.ledgerGrowth.isEmpty)
    }

    @Test func aFailedDownloadCanBeRetriedWithANewRequest() throws {
      let device = SimulatedDevice(configuration: .init(assets: .init(downloadFailsAt: 0.5)))
      let report = try simulate("download failure and retry", on: device) {
        let transcriber = SpeechTranscriber(locale: Self.german, preset: .transcription)
        let first = try #require(try await AssetInventory.assetInstallationRequest(supporting: [transcriber]))
        let failed = await Attempt.of { try await first.downloadAndInstall() }
        let failedAt = virtualNow
        let statusAfterFailure = await AssetInventory.status(forModules: [transcriber])
        let second = try #require(try await AssetInventory.assetInstallationRequest(supporting: [transcriber]))
        let retried = await Attempt.of { try await second.downloadAndInstall() }
        return (failed, failedAt, first.progress.completedUnitCount, statusAfterFailure, retried, virtualNow)
      }
      let (failed, failedAt, units, statusAfterFailure, retried, finishedAt) = try report.get()
      #expect(failed.error?.code == .internalServiceError)
      #expect(failed.error?.message.contains("failed after 50 %") == true, "\(failed)")
      #expect(failedAt == .milliseconds(1500))
      #expect(units == 40)
      #expect(statusAfterFailure == .supported)
      #expect(retried == .succeeded)
      #expect(finishedAt == .milliseconds(4500))
    }

    @Test func concurrentRequestsShareOneDownload() throws {
      let report = try simulate("consolidated downloads", on: SimulatedDevice()) {
        let first = SpeechTranscriber(locale: Self.german, preset: .transcription)
        let second = SpeechTranscriber(locale: Locale(identifier: "de_DE"), preset: .progressiveTranscription)
        let one = try #require(try await AssetInventory.assetInstallationRequest(supporting: [first]))
        let other = try #require(try await AssetInventory.assetInstallationRequest(supporting: [second]))
        async let a = Attempt.of { try await one.downloadAndInstall() }
        async let b = Attempt.of { try await other.downloadAndInstall() }
        let attempts = await [a, b]
        return (attempts, virtualNow, [one.progress.completedUnitCount, other.progress.completedUnitCount])
      }
      let (attempts, finishedAt, units) = try report.get()
      #expect(attempts == [.succeeded, .succeeded])
      #expect(finishedAt == .seconds(3), "one download, not two in a row")
      #expect(units == [100, 100])
      #expect(report.trace.filter { $0.kind == .assetDownloadStarted }.count == 1)
    }

    @Test func theSixthReservationThrows() throws {
      let report = try simulate("reservation limit", on: SimulatedDevice()) {
        var added: [Bool] = []
        for identifier in ["en-GB", "de-DE", "fr-FR", "es-ES"] {
          added.append(try await AssetInventory.reserve(locale: Locale(identifier: identifier)))
        }
        let sixth = await Attempt.of { try await AssetInventory.reserve(locale: Locale(identifier: "ja-JP")) }
        let viaRequest = await Attempt.of {
          _ = try await AssetInventory.assetInstallationRequest(supporting: [
            SpeechTranscriber(locale: Locale(identifier: "ja-JP"), preset: .transcription)
          ])
        }
        return (
          added, await AssetInventory.reservedLocales.count, AssetInventory.maximumReservedLocales, sixth, viaRequest
        )
      }
      let (added, count, maximum, sixth, viaRequest) = try report.get()
      #expect(added == [true, true, true, true])
      #expect(count == 5 && maximum == 5)
      #expect(sixth.error?.code == .tooManyAssetLocalesAllocated)
      #expect(sixth.error?.message.contains("5 maximum") == true, "\(sixth)")
      #expect(viaRequest.error?.code == .tooManyAssetLocalesAllocated)
    }

    @Test func reserveAndReleaseSayWhetherTheyChangedAnything() throws {
      let report = try simulate("reserve and release", on: SimulatedDevice()) {
        let english = Locale(identifier: "en-US")
        let again = try await AssetInventory.reserve(locale: english)
        let releasedUnreserved = await AssetInventory.release(reservedLocale: Self.german)
        let released = await AssetInventory.release(reservedLocale: english)
        let releasedTwice = await AssetInventory.release(reservedLocale: english)
        let unsupported = await Attempt.of { try await AssetInventory.reserve(locale: Locale(identifier: "ru-RU")) }
        return [
          again, releasedUnreserved, released, releasedTwice,
          unsupported.error?.code == .cannotAllocateUnsupportedLocale,
        ]
      }
      #expect(try report.get() == [false, false, true, false, true])
    }

    @Test func releasingAnInstalledLocaleMakesItSupportedAgain() throws {
      let report = try simulate("release installed", on: SimulatedDevice()) {
        let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .transcription)
        await AssetInventory.release(reservedLocale: Locale(identifier: "en-US"))
        let afterRelease = await AssetInventory.status(forModules: [transcriber])
        let stillOnDevice = await SpeechTranscriber.installedLocales.map { $0.identifier(.bcp47) }
        let request = try #require(try await AssetInventory.assetInstallationRequest(supporting: [transcriber]))
        let attempt = await Attempt.of { try await request.downloadAndInstall() }
        return (
          afterRelease, stillOnDevice, attempt, virtualNow, await AssetInventory.status(forModules: [transcriber])
        )
      }
      let (afterRelease, stillOnDevice, attempt, finishedAt, afterInstall) = try report.get()
      #expect(afterRelease == .supported)
      #expect(stillOnDevice == ["en-US"], "the model stays on the device")
      #expect(attempt == .succeeded)
      #expect(finishedAt == .zero, "nothing to download: only the reservation comes back")
      #expect(afterInstall == .installed)
      #expect(!report.trace.contains { $0.kind == .assetDownloadStarted })
    }

    @Test func unsupportedConfigurationsThrowFromTheRequest() throws {
      let noTranscriber = SimulatedDevice(configuration: .init(speechTranscriberAvailable: false))
      let unavailable = try simulate("transcriber unavailable", on: noTranscriber) {
        let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .transcription)
        let attempt = await Attempt.of {
          _ = try await AssetInventory.assetInstallationRequest(supporting: [transcriber])
        }
        return (await AssetInventory.status(forModules: [transcriber]), attempt)
      }
      let (status, attempt) = try unavailable.get()
      #expect(status == .unsupported)
      #expect(attempt.error?.code == .noModel)

      let unsupportedLocale = try simulate("unsupported locale", on: SimulatedDevice()) {
        let transcriber = SpeechTranscriber(locale: Locale(identifier: "ru-RU"), preset: .transcription)
        let english = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .transcription)
        let attempt = await Attempt.of {
          _ = try await AssetInventory.assetInstallationRequest(supporting: [transcriber])
        }
        return (await AssetInventory.status(forModules: [english, transcriber]), attempt)
      }
      let (lowest, refused) = try unsupportedLocale.get()
      #expect(lowest == .unsupported, "the lowest status across the modules")
      #expect(refused.error?.code == .cannotAllocateUnsupportedLocale)
      #expect(refused.error?.message.contains("ru-RU") == true)
    }
  }
#endif
