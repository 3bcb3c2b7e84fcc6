/// A node that mixes its inputs — the twin of `AVAudioMixerNode`, as the engine's
/// ``AVAudioEngine/mainMixerNode``. The twin renders no output graph: the mixer keeps its volume
/// and reports the output format (48 kHz stereo Float32), nothing more.
open class AVAudioMixerNode: AVAudioNode {
  /// The mixer's output volume, 0…1 (values outside are kept as given, as Apple does).
  public var outputVolume: Float = 1
}
