extension SimulatedDevice {
  /// Changes the audio route mid-session (48 kHz → 16 kHz on a headset switch, say): a running
  /// engine stops itself and posts `AVAudioEngineConfigurationChange`, the session posts its
  /// route-change notification, and the input node reports the new format from then on.
  /// - Parameters:
  ///   - sampleRate: The new hardware sample rate.
  ///   - channelCount: The new hardware channel count.
  /// - Throws: ``MicrophoneError`` for a format no hardware has.
  public func changeRoute(sampleRate: Double, channelCount: Int) throws {
    try microphone.changeRoute(sampleRate: sampleRate, channelCount: channelCount)
  }

  /// Begins an audio interruption (an incoming call): engines stop, the session posts
  /// `AVAudioSession.interruptionNotification` with type `.began`.
  public func beginInterruption() {
    microphone.beginInterruption()
  }

  /// Ends the interruption: the session posts `.ended`, with `.shouldResume` when asked. Engines
  /// stay stopped until the app starts them again.
  /// - Parameter shouldResume: Whether the system suggests resuming.
  public func endInterruption(shouldResume: Bool) {
    microphone.endInterruption(shouldResume: shouldResume)
  }
}
