import AudioPCM
import Simulation
import SpeechReplayTestSupport
import Testing

@testable import SimulatedDevice

@Suite struct SimulatedDeviceTests {
  @Test func theResamplerIsLibsoxrUnlessTheEnvironmentNamesLibsamplerate() {
    #expect(SimulatedDevice.engine(fromEnvironment: nil) == .soxr)
    #expect(SimulatedDevice.engine(fromEnvironment: "") == .soxr)
    #expect(SimulatedDevice.engine(fromEnvironment: "soxr") == .soxr)
    #expect(SimulatedDevice.engine(fromEnvironment: "libsamplerate") == .libsamplerate)
    #expect(SimulatedDevice.engine(fromEnvironment: "sox") == .soxr, "an unknown name warns and keeps the default")
  }

  @Test func requestAnswersAnUndeterminedPermissionOnceAndKeepsIt() {
    let device = SimulatedDevice(
      configuration: .init(recordPermission: .init(state: .undetermined, answersRequestWith: false)))
    #expect(device.recordPermission == .undetermined)
    #expect(device.requestRecordPermission() == false)
    #expect(device.recordPermission == .denied)
    device.recordPermission = .granted  // the user changed it in Settings
    #expect(device.requestRecordPermission() == true)
  }

  @Test func analyzerSlotsAreLimited() {
    let device = SimulatedDevice(configuration: .init(maximumSimultaneousAnalyzers: 2))
    #expect(device.acquireAnalyzerSlot())
    #expect(device.acquireAnalyzerSlot())
    #expect(!device.acquireAnalyzerSlot())
    device.releaseAnalyzerSlot()
    #expect(device.acquireAnalyzerSlot())
    #expect(device.analyzersRunning == 2)
  }

  @Test func installedMeansOnDeviceAndReserved() {
    let catalogue = AssetCatalogue(
      .init(
        supportedLocales: ["en-US", "de-DE", "fr-FR"], installedLocales: ["en-US", "de-DE"], reservedLocales: ["en-US"])
    )
    #expect(catalogue.status(of: "en_US") == .installed)
    #expect(catalogue.status(of: "de-DE") == .supported, "on the device but not reserved")
    #expect(catalogue.status(of: "fr-FR") == .supported)
    #expect(catalogue.status(of: "ru-RU") == .unsupported)
    #expect(AssetCatalogue.Status.unsupported < .supported && AssetCatalogue.Status.downloading < .installed)
  }

  @Test func withDeviceInstallsAndRestoresTheCurrentDevice() throws {
    let device = SimulatedDevice(configuration: .init(networkAvailable: false))
    // The current device is process-wide; taking the simulation's turn keeps other tests out.
    let report = try Simulation.run(TestSimulation.configuration("current device")) {
      let before = SimulatedDevice.current === device
      let inside = SimulatedDevice.withDevice(device) {
        SimulatedDevice.current === device && !SimulatedDevice.current.networkAvailable
      }
      return [before, inside, SimulatedDevice.current === device]
    }
    #expect(try report.get() == [false, true, false])
  }

  @Test func diagnosticsAreKeptAndTraced() throws {
    let device = SimulatedDevice()
    let report = try Simulation.run(TestSimulation.configuration("diagnostic")) {
      device.diagnose("SpeechAnalyzer", "the analyzer received 48000 Hz Float32 buffers")
    }
    #expect(device.diagnostics.map(\.description) == ["SpeechAnalyzer: the analyzer received 48000 Hz Float32 buffers"])
    #expect(report.trace.contains { $0.kind == .diagnostic && $0["subject"] == "SpeechAnalyzer" })
  }
}
