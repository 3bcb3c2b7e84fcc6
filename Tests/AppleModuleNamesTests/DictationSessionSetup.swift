// App code in Apple's names: the session setup a dictation keyboard or note-taking app runs before
// it starts the engine — mode chosen from `availableModes`, haptics allowed while recording, no
// system-alert interruptions, an interruption asked for when the headset goes, mono input,
// the gain lowered where it can be set, and the latencies, volume and data sources it logs. Written
// from Apple's AVAudioSession reference (the members a probe of session code found missing).
// AppCodeSweep2Tests runs it on the simulated device.
import AVFoundation

/// What the setup decided and saw, for the app's diagnostics screen.
struct DictationSessionReport: Equatable, Sendable {
  var mode: String
  var channels: Int
  var gain: Float
  var latencyMilliseconds: Int
  var volume: Float
  var dataSources: [String]
  var preferences: [Bool]
}

/// Configures the shared session for dictation.
enum DictationSessionSetup {
  static func configure(gain: Float) throws -> DictationSessionReport {
    let session = AVAudioSession.sharedInstance()
    let mode: AVAudioSession.Mode = session.availableModes.contains(.spokenAudio) ? .spokenAudio : .default
    guard session.availableCategories.contains(.playAndRecord) else {
      throw NSError(domain: NSOSStatusErrorDomain, code: AVAudioSession.ErrorCode.incompatibleCategory.rawValue)
    }
    try session.setCategory(.playAndRecord, mode: mode, options: [.duckOthers, .allowBluetoothHFP])
    try session.setAllowHapticsAndSystemSoundsDuringRecording(true)
    try session.setPrefersNoInterruptionsFromSystemAlerts(true)
    try session.setPrefersInterruptionOnRouteDisconnect(true)
    try session.setPreferredInputNumberOfChannels(min(1, session.maximumInputNumberOfChannels))
    if session.isInputGainSettable { try session.setInputGain(gain) }
    try session.setActive(true)
    return DictationSessionReport(
      mode: session.mode.rawValue, channels: session.preferredInputNumberOfChannels, gain: session.inputGain,
      latencyMilliseconds: Int(((session.inputLatency + session.outputLatency) * 1_000).rounded()),
      volume: session.outputVolume, dataSources: session.inputDataSources?.map(\.dataSourceName) ?? [],
      preferences: [
        session.allowHapticsAndSystemSoundsDuringRecording, session.prefersNoInterruptionsFromSystemAlerts,
        session.prefersInterruptionOnRouteDisconnect,
      ])
  }

  /// A gain outside 0...1 is refused, as Apple's session refuses it.
  static func refusesGain(_ gain: Float) -> Int? {
    do {
      try AVAudioSession.sharedInstance().setInputGain(gain)
      return nil
    } catch { return (error as NSError).code }
  }
}
