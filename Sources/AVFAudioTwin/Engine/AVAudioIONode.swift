import Foundation
import SimulatedDevice
import Simulation

/// A node that connects an engine to the audio hardware — the twin of `AVAudioIONode`, the base of
/// ``AVAudioInputNode`` and ``AVAudioOutputNode``.
open class AVAudioIONode: AVAudioNode {
  private let ioLock = NSLock()
  private var voiceProcessing = false

  /// How long audio takes to pass through the hardware, in seconds; zero on the simulated device.
  public var presentationLatency: TimeInterval { 0 }

  /// Whether voice processing (echo cancellation, noise suppression, gain control) is on.
  public var isVoiceProcessingEnabled: Bool { ioLock.withLock { voiceProcessing } }

  /// Turns voice processing on or off, on both the input and the output node, as Apple does.
  ///
  /// The twin records the state (trace event `engine.voiceProcessing`) and changes no audio. On a
  /// device it changes the input: other audio is ducked, the signal is processed for speech, and the
  /// input node's format can change (channel count, on some hardware the rate) — read
  /// `outputFormat(forBus: 0)` again afterwards. A diagnostic says so.
  /// - Parameter enabled: On or off.
  /// - Throws: `NSError` in `com.apple.coreaudio.avfaudio`, code -10863
  ///   (`kAudioUnitErr_CannotDoInCurrentContext`), while the engine runs: Apple allows the change
  ///   only on a stopped engine.
  public func setVoiceProcessingEnabled(_ enabled: Bool) throws {
    if let engine, engine.isRunning {
      throw NSError(
        domain: "com.apple.coreaudio.avfaudio", code: -10_863,
        userInfo: [
          NSLocalizedDescriptionKey:
            "Voice processing can only be enabled or disabled while the engine is stopped; stop the engine first."
        ])
    }
    let nodes: [AVAudioIONode] = engine.map { [$0.existingInputNode ?? self, $0.outputNode] } ?? [self]
    for node in Set(nodes.map(ObjectIdentifier.init)).compactMap({ id in nodes.first { ObjectIdentifier($0) == id } }) {
      node.ioLock.withLock { node.voiceProcessing = enabled }
    }
    if !nodes.contains(where: { $0 === self }) { ioLock.withLock { voiceProcessing = enabled } }
    Simulation.current?.trace.record(.engineVoiceProcessing, ["enabled": String(enabled), "node": nodeName])
    if enabled {
      SimulatedDevice.current.diagnose(
        "AVAudioIONode",
        "voice processing was enabled; the simulated input is unchanged, but on a device other audio is ducked, the input is processed for speech and the input node's format may change (re-read outputFormat(forBus: 0) before installing a tap)."
      )
    }
  }
}
