/// The engine's connection to the speaker — the twin of `AVAudioOutputNode`. The simulated device
/// plays nothing; the node exists so app code that reaches it compiles and runs.
open class AVAudioOutputNode: AVAudioIONode {
  /// The format the output node takes on a bus: the format connected to it, else the engine's
  /// standard 48 kHz stereo.
  /// - Parameter bus: The bus index (0).
  open override func inputFormat(forBus bus: AVAudioNodeBus) -> AVAudioFormat {
    engine?.inputConnectionFormat(of: self, bus: bus) ?? AVAudioNode.standardOutputFormat
  }
}
