import Foundation
import SimulatedDevice
import Simulation
import SpeechReplayTestSupport
import Testing

/// `Locale.current` and `Locale.preferredLanguages` inside a run are the simulated device's user
/// locale and languages (a phone's en-US by default); outside a run they are Foundation's own.
@Suite(.serialized) struct DeviceUserLocaleTests {
  private func seen(on configuration: SimulatedDevice.Configuration) throws -> (String, [String], String?) {
    let device = SimulatedDevice(configuration: configuration)
    let report = try Simulation.run(TestSimulation.configuration("user locale")) {
      await SimulatedDevice.withDevice(device) {
        (Locale.current.identifier, Locale.preferredLanguages, Locale.current.region?.identifier)
      }
    }
    return try #require(report.value)
  }

  @Test func aRunSeesAPhonesDefaultLocale() throws {
    let (identifier, languages, region) = try seen(on: .init())
    #expect(identifier == "en_US")
    #expect(languages == ["en-US"])
    #expect(region == "US")
  }

  @Test func aRunSeesTheDevicesLocaleAndItsRegionOverride() throws {
    var configuration = SimulatedDevice.Configuration()
    configuration.userLocale = "en-US-u-rg-eszzzz"
    configuration.preferredLanguages = ["en-US", "es-ES"]
    let (identifier, languages, region) = try seen(on: configuration)
    #expect(identifier == "en-US-u-rg-eszzzz")
    #expect(languages == ["en-US", "es-ES"])
    #expect(region == "ES")
  }

  @Test func outsideARunFoundationAnswers() throws {
    var configuration = SimulatedDevice.Configuration()
    configuration.userLocale = "fr_FR"
    let outside = Locale.current.identifier
    _ = try seen(on: configuration)
    #expect(Locale.current.identifier == outside)
    #expect(outside != "fr_FR")
  }
}
