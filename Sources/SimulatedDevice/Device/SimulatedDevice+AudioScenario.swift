public import AudioPCM

extension SimulatedDevice {
  /// Changes the audio route mid-session (48 kHz → 16 kHz on a headset switch, say): a running
  /// engine stops itself and posts `AVAudioEngineConfigurationChange`, the session posts its
  /// route-change notification, and the input node reports the new format from then on.
  /// - Parameters:
  ///   - sampleRate: The new hardware sample rate.
  ///   - channelCount: The new hardware channel count.
  /// - Throws: ``MicrophoneError`` for a format no hardware has.
  ///   - sampleType: The sample type from now on (`.float32`, `.int16`), or nil to keep the input's.
  public func changeRoute(sampleRate: Double, channelCount: Int, sampleType: AudioFormat.SampleType? = nil) throws {
    try microphone.changeRoute(sampleRate: sampleRate, channelCount: channelCount, sampleType: sampleType)
  }

  /// Connects an input of a known type and makes it the route (`bluetoothHFP`, `headsetMic`…);
  /// `builtInMic` disconnects the external input in use. See
  /// ``Microphone/changeRoute(to:sampleRate:channelCount:)``.
  /// - Parameters:
  ///   - portName: The port type's Swift name or Apple's string for it.
  ///   - sampleRate: The hardware rate, or nil for the port type's usual one.
  ///   - channelCount: The channel count, or nil for the port type's usual one.
  /// - Throws: ``MicrophoneError`` for an unknown port type or an impossible format.
  ///   - sampleType: The sample type the input delivers, or nil for Float32.
  public func changeRoute(
    to portName: String, sampleRate: Double? = nil, channelCount: Int? = nil, sampleType: AudioFormat.SampleType? = nil
  ) throws {
    try microphone.changeRoute(to: portName, sampleRate: sampleRate, channelCount: channelCount, sampleType: sampleType)
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
