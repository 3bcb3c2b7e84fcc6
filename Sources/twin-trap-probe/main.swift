// Performs one of AVAudioEngine's traps inside a simulation, so a test can watch the process end
// from outside (a trap would end the test process itself).
//
// Usage: twin-trap-probe second-tap | format-mismatch | stale-tap-after-route-change | player-without-running-engine
import AVFAudioTwin
import Foundation
import Simulation
import SimulatedDevice

let scenario = CommandLine.arguments.dropFirst().first ?? ""
let scenarios = ["second-tap", "format-mismatch", "stale-tap-after-route-change", "player-without-running-engine"]
guard scenarios.contains(scenario) else {
  FileHandle.standardError.write(Data("twin-trap-probe: give one of \(scenarios.joined(separator: ", ")); got '\(scenario)'\n".utf8))
  exit(2)
}

let device = SimulatedDevice()
do {
  _ = try SimulatedDevice.withDevice(device) {
    try Simulation.run(.init(name: "trap \(scenario)")) {
      let engine = AVAudioEngine()
      let input = engine.inputNode
      switch scenario {
      case "second-tap":
        input.installTap(onBus: 0, bufferSize: 4096, format: nil) { _, _ in }
        input.installTap(onBus: 0, bufferSize: 4096, format: nil) { _, _ in }
      case "format-mismatch":
        let format = AVAudioFormat(standardFormatWithSampleRate: 16_000, channels: 1)!
        input.installTap(onBus: 0, bufferSize: 4096, format: format) { _, _ in }
      case "player-without-running-engine":
        let player = AVAudioPlayerNode()
        engine.attach(player)
        engine.connect(player, to: engine.mainMixerNode, format: nil)
        player.play()
      default:
        input.installTap(onBus: 0, bufferSize: 4096, format: input.outputFormat(forBus: 0)) { _, _ in }
        try? device.changeRoute(sampleRate: 16_000, channelCount: 1)
        try? engine.start()
      }
    }
  }
} catch {
  FileHandle.standardError.write(Data("twin-trap-probe: \(error)\n".utf8))
  exit(3)
}
// Reaching this line means the trap did not happen.
print("no trap")
exit(0)
