import SimulatedDevice
import Simulation
import SpeechReplayTestSupport
import Synchronization
import Testing

/// The asset catalogue's reservations, downloads and scenario controls, used directly.
@Suite(.serialized) struct AssetCatalogueTests {
  static func run<Value: Sendable>(
    _ name: String, _ device: SimulatedDevice, _ body: @escaping @Sendable () async throws -> Value
  ) throws -> Simulation.Report<Value> {
    try SimulatedDevice.withDevice(device) {
      try Simulation.run(TestSimulation.configuration(name), body)
    }
  }

  @Test func reservationsAreLimitedAndNamed() throws {
    let catalogue = AssetCatalogue(.init(reservedLocales: [], maximumReservedLocales: 2))
    #expect(try catalogue.reserve("en_US"))
    #expect(try !catalogue.reserve("en-US"), "already reserved")
    #expect(try catalogue.reserve("de-DE"))
    let full = #expect(throws: AssetCatalogueError.self) { try catalogue.reserve("fr-FR") }
    #expect(full?.reason == .reservationLimitReached)
    #expect(full?.message.contains("2 maximum") == true && full?.message.contains("Release") == true)
    let unsupported = #expect(throws: AssetCatalogueError.self) { try catalogue.reserve("xx-XX") }
    #expect(unsupported?.reason == .unsupportedLocale && unsupported?.message.contains("xx-XX") == true)
    #expect(catalogue.release("de-DE"))
    #expect(!catalogue.release("de-DE"))
    #expect(catalogue.reservedLocales == ["en-US"])
  }

  @Test func scenarioControlsInstallAndRemoveInstantly() {
    let catalogue = AssetCatalogue(.init(installedLocales: [], reservedLocales: []))
    #expect(catalogue.status(of: "fr-FR") == .supported)
    catalogue.installNow("fr-FR")
    #expect(catalogue.status(of: "fr-FR") == .installed)
    catalogue.installNow("ko-KR")
    #expect(catalogue.status(of: "ko-KR") == .installed, "a scenario may install a locale the catalogue did not list")
    catalogue.remove("fr-FR")
    #expect(catalogue.status(of: "fr-FR") == .supported)
    #expect(!catalogue.isOnDevice("fr-FR"))
  }

  @Test func anInjectedFailureAtTheStartFailsAtOnceAndIsUsedUp() throws {
    let device = SimulatedDevice(configuration: .init(assets: .init(downloadFailsAt: 0)))
    let report = try Self.run("failure at 0", device) {
      let catalogue = SimulatedDevice.current.assets
      var failure: AssetCatalogueError?
      do { try await catalogue.install("fr-FR") } catch { failure = error as? AssetCatalogueError }
      let failedAt = Simulation.current!.now
      let leftOver = catalogue.downloadFailsAt
      try await catalogue.install("fr-FR")
      return (
        failure, failedAt, leftOver, Simulation.current!.now, catalogue.status(of: "fr-FR"), catalogue.downloadsInFlight
      )
    }
    let (failure, failedAt, leftOver, finishedAt, status, inFlight) = try report.get()
    #expect(failure?.reason == .downloadFailed)
    #expect(failedAt == .zero)
    #expect(leftOver == nil)
    #expect(finishedAt == .seconds(3))
    #expect(status == .installed)
    #expect(inFlight.isEmpty)
    #expect(report.ledgerGrowth.isEmpty)
  }

  @Test func joinersOfADownloadSeeItsProgressSoFar() throws {
    let device = SimulatedDevice(configuration: .init(assets: .init(downloadDuration: .seconds(1), progressSteps: 4)))
    let report = try Self.run("join a download", device) {
      let catalogue = SimulatedDevice.current.assets
      let first = Task { try await catalogue.install("ja-JP") }
      try await Simulation.current!.clock.sleep(for: .milliseconds(600))
      let seen = ProgressLog()
      let status = catalogue.status(of: "ja-JP")
      try await catalogue.install("ja-JP") { seen.append($0) }
      try await first.value
      return (status, seen.values, Simulation.current!.now)
    }
    let (status, seen, finishedAt) = try report.get()
    #expect(status == .downloading)
    #expect(seen == [0.5, 0.75, 1.0], "the joiner is told 50 % at once, then the remaining steps")
    #expect(finishedAt == .seconds(1))
  }
}

/// Collects progress fractions reported from the download's task.
final class ProgressLog: Sendable {
  private let storage = Mutex<[Double]>([])
  func append(_ value: Double) { storage.withLock { $0.append(value) } }
  var values: [Double] { storage.withLock { $0 } }
}
