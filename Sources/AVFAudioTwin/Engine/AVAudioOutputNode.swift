/// The engine's connection to the speaker — the twin of `AVAudioOutputNode`. The simulated device
/// plays nothing; the node exists so app code that reaches it compiles and runs.
open class AVAudioOutputNode: AVAudioIONode {}
