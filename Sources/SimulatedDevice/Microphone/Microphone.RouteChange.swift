extension Microphone {
  /// One change of the input route: the port before, the port after, and why.
  public struct RouteChange: Sendable, Hashable {
    /// Why the route changed (Apple's `AVAudioSession.RouteChangeReason` cases the device produces).
    public enum Reason: Sendable, Hashable {
      /// A new input appeared and became the route (a headset plugged in, Bluetooth connected).
      case newDeviceAvailable
      /// The input in use went away; the route fell back to the built-in microphone.
      case oldDeviceUnavailable
      /// The app chose another available input (`setPreferredInput`).
      case override
      /// The same input changed its format.
      case routeConfigurationChange
    }

    /// The input before the change.
    public var previousInput: AudioInputPort
    /// The input after the change.
    public var currentInput: AudioInputPort
    /// Why.
    public var reason: Reason

    /// Creates a change.
    public init(previousInput: AudioInputPort, currentInput: AudioInputPort, reason: Reason) {
      self.previousInput = previousInput
      self.currentInput = currentInput
      self.reason = reason
    }
  }
}
