public import AudioPCM
import Simulation

// The route: what plugging in a headset, connecting a Bluetooth device or picking an input does.
extension Microphone {
  /// The input the hardware records from now (the built-in microphone at first).
  public var currentInput: AudioInputPort { withState { $0.route.currentInput } }

  /// The inputs connected now, the built-in microphone first.
  public var availableInputs: [AudioInputPort] { withState { $0.route.availableInputs } }

  /// Changes the hardware format, as plugging in a headset does, and tells the observers.
  ///
  /// From the built-in microphone the route moves to a wired headset microphone at this format
  /// (reason `newDeviceAvailable`); from any other input, that input keeps its place and changes
  /// its format (reason `routeConfigurationChange`). ``tapFrames`` scales with the rate (4800 at
  /// 48 kHz becomes 1600 at 16 kHz), so callbacks keep their duration. Audio the converter held for
  /// the old format is dropped.
  /// - Parameters:
  ///   - sampleRate: The new hardware rate.
  ///   - channelCount: The new hardware channel count.
  /// - Throws: ``MicrophoneError`` for a rate or channel count no hardware has.
  ///   - sampleType: The sample type the input delivers from now on (`.float32` or `.int16`), or
  ///     nil to keep the current input's (a headset plugged in instead of the built-in microphone: Float32).
  public func changeRoute(sampleRate: Double, channelCount: Int, sampleType: AudioFormat.SampleType? = nil) throws {
    let current = currentInput
    if current.isBuiltIn {
      try changeRoute(to: "headsetMic", sampleRate: sampleRate, channelCount: channelCount, sampleType: sampleType)
    } else {
      var port = current
      port.sampleRate = sampleRate
      port.channelCount = channelCount
      port.sampleType = sampleType ?? current.sampleType
      try apply(port, reason: .routeConfigurationChange, removing: nil)
    }
  }

  /// Connects an input of a known type and makes it the route, as plugging in a headset or
  /// connecting a Bluetooth device does; `builtInMic` disconnects the external input in use and the
  /// route falls back to the built-in microphone.
  /// - Parameters:
  ///   - portName: The port type's Swift name (`headsetMic`, `bluetoothHFP`, `usbAudio`,
  ///     `carAudio`, `lineIn`, `builtInMic`) or Apple's string for it.
  ///   - sampleRate: The hardware rate, or nil for the port type's usual one (the configured rate
  ///     for the built-in microphone).
  ///   - channelCount: The channel count, or nil for the port type's usual one.
  ///   - sampleType: The sample type the input delivers, or nil for Float32 (the configured one
  ///     for the built-in microphone).
  /// - Throws: ``MicrophoneError`` for an unknown port type or an impossible format.
  public func changeRoute(
    to portName: String, sampleRate: Double? = nil, channelCount: Int? = nil, sampleType: AudioFormat.SampleType? = nil
  ) throws {
    guard
      let named = AudioInputPort.named(
        portName, sampleRate: sampleRate, channelCount: channelCount, sampleType: sampleType)
    else {
      throw MicrophoneError(
        path: nil,
        message:
          "the route cannot change to the unknown port '\(portName)'; use one of \(AudioInputPort.knownNames.joined(separator: ", "))"
      )
    }
    let current = currentInput
    if named.isBuiltIn {
      let builtIn = AudioInputPort.builtInMic(
        sampleRate: sampleRate ?? configuration.sampleRate,
        channelCount: channelCount ?? (configuration.channelCount == 2 ? 2 : 1),
        sampleType: sampleType ?? configuration.sampleType)
      try apply(
        builtIn, reason: current.isBuiltIn ? .routeConfigurationChange : .oldDeviceUnavailable,
        removing: current.isBuiltIn ? nil : current.uid)
    } else {
      try apply(
        named, reason: current.uid == named.uid ? .routeConfigurationChange : .newDeviceAvailable, removing: nil)
    }
  }

  /// Makes an available input the route, as `AVAudioSession.setPreferredInput(_:)` does.
  /// - Parameter uid: The input's ``AudioInputPort/uid``.
  /// - Throws: ``MicrophoneError`` when no available input has that uid.
  public func selectInput(uid: String) throws {
    guard let port = availableInputs.first(where: { $0.uid == uid }) else {
      throw MicrophoneError(
        path: nil, message: "no available input has the uid '\(uid)'; pick one from availableInputs")
    }
    guard port.uid != currentInput.uid else { return }
    try apply(port, reason: .override, removing: nil)
  }

  /// Switches the hardware to `port`, keeps the list of inputs up to date and tells the observers.
  private func apply(_ port: AudioInputPort, reason: RouteChange.Reason, removing removedUID: String?) throws {
    let sampleRate = port.sampleRate
    let channelCount = port.channelCount
    guard sampleRate > 0, sampleRate.isFinite, (1...2).contains(channelCount),
      let format = try? Self.hardwareFormat(
        sampleRate: sampleRate, channelCount: channelCount, sampleType: port.sampleType)
    else {
      throw MicrophoneError(
        path: nil,
        message:
          "a route change to \(sampleRate) Hz with \(channelCount) channels of \(port.sampleType) is not possible; give a positive rate, 1 or 2 channels, and Float32 or Int16 samples"
      )
    }
    let (previous, change) = try withState { state -> (AudioFormat, RouteChange) in
      let previous = state.route.hardwareFormat
      try state.tape.convert(to: format)
      state.tapClock.tapFrames = max(
        1, Int((Double(state.tapClock.tapFrames) * sampleRate / previous.sampleRate).rounded()))
      return (previous, state.route.switchTo(port, format: format, reason: reason, removing: removedUID))
    }
    Simulation.current?.trace.record(
      .microphoneRoute,
      port.sampleType == .float32
        ? [
          "sampleRate": String(Int(sampleRate)), "channels": String(channelCount), "port": port.scenarioName,
          "reason": "\(reason)",
        ]
        : [
          "sampleRate": String(Int(sampleRate)), "channels": String(channelCount), "port": port.scenarioName,
          "reason": "\(reason)", "sampleType": "\(port.sampleType)",
        ])
    notify(.routeChanged(previous: previous, current: format, change: change))
  }
}
