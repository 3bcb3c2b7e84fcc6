import Foundation
import SimulatedDevice
import Simulation
import SpeechReplayTestSupport
import SpeechShim
import Testing

/// Runs the app-style code of TypicalAppAudioSetup.swift (which imports only SpeechShim) on the
/// simulated device.
@Suite(.serialized) struct SpeechShimAppCodeTests {
  @Test func theAppsSessionSetupSeesTheBuiltInMicrophoneAndLogsAHeadsetRouteChange() throws {
    let device = SimulatedDevice()
    let result =
      try SimulatedDevice.withDevice(device) {
        try Simulation.run(TestSimulation.configuration("app audio setup", seed: 0)) { () async throws -> [String] in
          let app = AppAudioSetup()
          let route = try app.configureSession()
          try device.changeRoute(to: "bluetoothHFP")
          try device.changeRoute(to: "builtInMic")
          return [
            route.inputs.first?.portType.rawValue ?? "-", route.inputs.first?.selectedDataSource?.dataSourceName ?? "-",
          ] + app.routeLog
        }
      }.value ?? []
    #expect(
      result == [
        "MicrophoneBuiltIn", "Front", "1 MicrophoneBuiltIn->BluetoothHFP", "2 BluetoothHFP->MicrophoneBuiltIn",
      ])
  }

  @Test func theSettingsDictionaryDescribesTheAnalyzerFormat() throws {
    let format = try #require(AppAudioSetup().analyzerFormat())
    #expect(format == AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true))
  }

  @Test func aSampleBufferBecomesAPCMBufferWithItsSamples() throws {
    // The stream description points into the format object: keep the object alive while reading it
    // (a temporary is released as soon as the pointer is taken, before `pointee` runs).
    let int16Mono = try #require(
      AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true))
    var asbd = withExtendedLifetime(int16Mono) { int16Mono.streamDescription.pointee }
    var description: CMAudioFormatDescription?
    CMAudioFormatDescriptionCreate(
      allocator: nil, asbd: &asbd, layoutSize: 0, layout: nil, magicCookieSize: 0, magicCookie: nil, extensions: nil,
      formatDescriptionOut: &description)
    let samples: [Int16] = (0..<160).map { Int16($0 * 10) }
    var block: CMBlockBuffer?
    CMBlockBufferCreateWithMemoryBlock(
      allocator: nil, memoryBlock: nil, blockLength: 320, blockAllocator: nil, customBlockSource: nil, offsetToData: 0,
      dataLength: 320, flags: 0,
      blockBufferOut: &block)
    CMBlockBufferReplaceDataBytes(
      with: samples, blockBuffer: try #require(block), offsetIntoDestination: 0, dataLength: 320)
    var sampleBuffer: CMSampleBuffer?
    CMAudioSampleBufferCreateReadyWithPacketDescriptions(
      allocator: nil, dataBuffer: try #require(block), formatDescription: try #require(description), sampleCount: 160,
      presentationTimeStamp: CMTime(value: 0, timescale: 16_000), packetDescriptions: nil,
      sampleBufferOut: &sampleBuffer)
    let made = try #require(sampleBuffer)
    let buffer = try #require(AppAudioSetup().pcmBuffer(from: made))
    #expect(buffer.frameLength == 160)
    #expect(Array(UnsafeBufferPointer(start: buffer.int16ChannelData![0], count: 160)) == samples)
  }
}
