import SimulatedDevice
import Simulation

/// The engine's connection to the microphone — the twin of `AVAudioInputNode`. Its formats are the
/// simulated device's hardware format now (Float32 deinterleaved at the route's rate and channels);
/// they change when the route changes.
open class AVAudioInputNode: AVAudioIONode {
  private let microphone: Microphone

  init(engine: AVAudioEngine, microphone: Microphone) {
    self.microphone = microphone
    super.init(engine: engine)
  }

  /// The hardware input format.
  /// - Parameter bus: The bus index (0).
  /// - Returns: The microphone's hardware format now.
  open override func inputFormat(forBus bus: AVAudioNodeBus) -> AVAudioFormat { hardwareFormat }

  /// The format taps receive: the hardware format.
  /// - Parameter bus: The bus index (0).
  /// - Returns: The microphone's hardware format now.
  open override func outputFormat(forBus bus: AVAudioNodeBus) -> AVAudioFormat { hardwareFormat }

  /// The microphone's format as an `AVAudioFormat` (the microphone keeps to 1 or 2 channels, which
  /// `AVAudioFormat` always describes).
  var hardwareFormat: AVAudioFormat { AVAudioFormat(microphone.hardwareFormat) ?? AVAudioNode.standardOutputFormat }

  /// Whether voice processing leaves the signal unprocessed (recorded only).
  public var isVoiceProcessingBypassed = false
  /// Whether voice processing's automatic gain control is on (recorded only).
  public var isVoiceProcessingAGCEnabled = true
  /// Whether voice processing mutes the input (recorded only; the twin's tap still hears the audio).
  public var isVoiceProcessingInputMuted = false
  /// How voice processing ducks other audio (kept and recorded only: the simulated device plays no
  /// other audio). The default is no advanced ducking at the default level.
  public var voiceProcessingOtherAudioDuckingConfiguration = AVAudioVoiceProcessingOtherAudioDuckingConfiguration() {
    didSet {
      Simulation.current?.trace.record(
        .engineVoiceProcessingDucking,
        [
          "advanced": String(voiceProcessingOtherAudioDuckingConfiguration.enableAdvancedDucking.boolValue),
          "level": String(voiceProcessingOtherAudioDuckingConfiguration.duckingLevel.rawValue),
        ])
    }
  }
}
