import AudioPCM

extension Microphone {
  /// The input route: the hardware format, the input recorded from, and the inputs connected.
  struct Route {
    var hardwareFormat: AudioFormat
    var currentInput: AudioInputPort
    var availableInputs: [AudioInputPort]

    /// Makes `port` the input at `format`, keeping the list of inputs up to date (`removedUID`
    /// disconnected), and returns the change.
    mutating func switchTo(
      _ port: AudioInputPort, format: AudioFormat, reason: RouteChange.Reason, removing removedUID: String?
    ) -> RouteChange {
      hardwareFormat = format
      let change = RouteChange(previousInput: currentInput, currentInput: port, reason: reason)
      if let removedUID { availableInputs.removeAll { $0.uid == removedUID } }
      if let index = availableInputs.firstIndex(where: { $0.uid == port.uid }) {
        availableInputs[index] = port
      } else {
        availableInputs.append(port)
      }
      currentInput = port
      return change
    }
  }

  /// The format an input delivers: Float32 deinterleaved (what Apple's input node gives for
  /// built-in microphones), or Int16 interleaved (**twin decision** for inputs that deliver 16-bit
  /// integers: the packed layout such hardware uses).
  /// - Throws: ``MicrophoneError`` for another sample type; AudioPCM's error for an impossible rate or channel count.
  static func hardwareFormat(
    sampleRate: Double, channelCount: Int, sampleType: AudioFormat.SampleType
  ) throws -> AudioFormat {
    switch sampleType {
    case .float32: return try AudioFormat.standard(sampleRate: sampleRate, channelCount: channelCount)
    case .int16:
      return try AudioFormat(
        sampleRate: sampleRate, channelCount: channelCount, sampleType: .int16, isInterleaved: true)
    case .int32, .float64:
      throw MicrophoneError(path: nil, message: "a microphone delivers Float32 or Int16 samples, not \(sampleType)")
    }
  }
}
