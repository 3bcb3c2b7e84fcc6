import Foundation

/// A node that mixes its inputs — the twin of `AVAudioMixerNode`, as the engine's
/// ``AVAudioEngine/mainMixerNode`` or a node of its own. The twin renders no output graph: the
/// mixer keeps its volumes and reports the output format (48 kHz stereo Float32), nothing more.
open class AVAudioMixerNode: AVAudioNode {
  /// The mixer's output volume, 0…1 (values outside are kept as given, as Apple does).
  public var outputVolume: Float = 1
  /// The volume of the mixer as an input of another mixer (`AVAudioMixing`), 0…1.
  public var volume: Float = 1
  /// The stereo position of the mixer as an input of another mixer, -1…1.
  public var pan: Float = 0

  /// Creates a mixer; attach it to an engine before connecting it.
  public init() { super.init(engine: nil) }

  override init(engine: AVAudioEngine?) { super.init(engine: engine) }

  /// The lowest input bus with nothing connected.
  public var nextAvailableInputBus: AVAudioNodeBus { engine?.graph.nextFreeInputBus(of: self) ?? 0 }
}
