import Foundation

/// A node that connects an engine to the audio hardware — the twin of `AVAudioIONode`, the base of
/// ``AVAudioInputNode`` and ``AVAudioOutputNode``.
open class AVAudioIONode: AVAudioNode {
  /// How long audio takes to pass through the hardware, in seconds; zero on the simulated device.
  public var presentationLatency: TimeInterval { 0 }
}
