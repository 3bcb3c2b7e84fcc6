import Foundation
import SimulatedDevice

// The session's input and output settings voice apps read or set besides category and route:
// channel counts, latency, gain, output volume, the modes and categories on offer, and the
// recording preferences (haptics, system alerts, route-disconnect interruptions). The simulated
// device stores what the app sets and reports it; none of it changes the microphone's audio.
extension AVAudioSession {
  /// What the app set through these members.
  struct InputSettings {
    var preferredInputNumberOfChannels = 0
    var inputGain: Float = 1
    var allowHapticsAndSystemSoundsDuringRecording = false
    var prefersNoInterruptionsFromSystemAlerts = false
    var prefersInterruptionOnRouteDisconnect = false
  }

  /// The most input channels the current route has: the current input's channel count.
  public var maximumInputNumberOfChannels: Int { inputNumberOfChannels }

  /// The channel count the app asked for (0 until it asks).
  public var preferredInputNumberOfChannels: Int {
    lock.withLock { state.inputSettings.preferredInputNumberOfChannels }
  }

  /// Asks for a number of input channels. The simulated input keeps its channel count (read
  /// ``inputNumberOfChannels``), as a device may.
  /// - Parameter count: 1 up to ``maximumInputNumberOfChannels``.
  /// - Throws: `NSError` ``ErrorCode/badParam`` outside that range.
  public func setPreferredInputNumberOfChannels(_ count: Int) throws {
    let maximum = maximumInputNumberOfChannels
    guard count >= 1, count <= maximum else {
      throw Self.error(.badParam, "the preferred input channel count \(count) is not within 1...\(maximum)")
    }
    lock.withLock { state.inputSettings.preferredInputNumberOfChannels = count }
  }

  /// The input's latency in seconds: one I/O buffer (**twin decision**: the simulated hardware adds
  /// no converter or driver delay of its own).
  public var inputLatency: TimeInterval { ioBufferDuration }

  /// The output's latency in seconds: one I/O buffer, as ``inputLatency``.
  public var outputLatency: TimeInterval { ioBufferDuration }

  /// The input gain, 0...1 (1 until the app sets it).
  public var inputGain: Float { lock.withLock { state.inputSettings.inputGain } }

  /// Whether the app may set the input gain: true on the simulated device.
  public var isInputGainSettable: Bool { true }

  /// Sets the input gain. The simulated microphone's samples keep their level (**twin decision**:
  /// the scripted model ignores levels, and scaling the input would change every audio check), so
  /// a gain other than 1 is reported as a diagnostic note.
  /// - Parameter gain: 0...1.
  /// - Throws: `NSError` ``ErrorCode/badParam`` outside 0...1.
  public func setInputGain(_ gain: Float) throws {
    guard gain >= 0, gain <= 1 else { throw Self.error(.badParam, "the input gain \(gain) is not within 0...1") }
    lock.withLock { state.inputSettings.inputGain = gain }
    if gain != 1 {
      device.diagnose(
        "AVAudioSession",
        "the input gain was set to \(gain); the simulated microphone's level does not change (a device's would)",
        level: .note)
    }
  }

  /// The system output volume, 0...1: half on the simulated device (**twin decision**; the user
  /// never changes it).
  public var outputVolume: Float { 0.5 }

  /// The categories the device offers: all of Apple's.
  public var availableCategories: [Category] {
    [.ambient, .soloAmbient, .playback, .record, .playAndRecord, .multiRoute]
  }

  /// The modes the device offers for the current category: all of Apple's.
  public var availableModes: [Mode] {
    [
      .default, .voiceChat, .gameChat, .videoRecording, .measurement, .moviePlayback, .videoChat, .spokenAudio,
      .voicePrompt,
    ]
  }

  /// The current input's data sources; nil when it has none.
  public var inputDataSources: [AVAudioSessionDataSourceDescription]? { currentRoute.inputs.first?.dataSources }

  /// The current input's selected data source.
  public var inputDataSource: AVAudioSessionDataSourceDescription? { currentRoute.inputs.first?.selectedDataSource }

  /// Whether haptics and system sounds may play while recording (false until the app sets it).
  public var allowHapticsAndSystemSoundsDuringRecording: Bool {
    lock.withLock { state.inputSettings.allowHapticsAndSystemSoundsDuringRecording }
  }

  /// Lets haptics and system sounds play while recording; the simulated device plays neither.
  /// - Parameter inValue: True to allow them.
  public func setAllowHapticsAndSystemSoundsDuringRecording(_ inValue: Bool) throws {
    lock.withLock { state.inputSettings.allowHapticsAndSystemSoundsDuringRecording = inValue }
  }

  /// Whether system alerts (an incoming call's ring) should not interrupt the session.
  public var prefersNoInterruptionsFromSystemAlerts: Bool {
    lock.withLock { state.inputSettings.prefersNoInterruptionsFromSystemAlerts }
  }

  /// Asks that system alerts not interrupt the session. Stored only: a scenario's interruption is
  /// a call the user took, which interrupts whatever the app prefers (**twin decision**).
  /// - Parameter inValue: True to prefer no alert interruptions.
  public func setPrefersNoInterruptionsFromSystemAlerts(_ inValue: Bool) throws {
    lock.withLock { state.inputSettings.prefersNoInterruptionsFromSystemAlerts = inValue }
  }

  /// Whether the app asked to be interrupted when its route disconnects.
  public var prefersInterruptionOnRouteDisconnect: Bool {
    lock.withLock { state.inputSettings.prefersInterruptionOnRouteDisconnect }
  }

  /// Asks for an interruption (reason `.routeDisconnected`) when the route disconnects. Stored
  /// only: the simulated device posts the route change and no interruption (**not modelled yet**).
  /// - Parameter inValue: True to be interrupted.
  public func setPrefersInterruptionOnRouteDisconnect(_ inValue: Bool) throws {
    lock.withLock { state.inputSettings.prefersInterruptionOnRouteDisconnect = inValue }
  }
}
