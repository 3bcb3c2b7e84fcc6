extension Scenario {
  /// What a device showed, for a scenario imported from a capture (`observed:`): the UI timeline the
  /// app recorded, which the runner compares with the replay's (first divergence).
  public struct Observed: Sendable, Hashable {
    /// One UI state the device showed.
    public struct State: Sendable, Hashable {
      /// Seconds of the capture's audio the device had heard when it showed the state.
      public var audioTime: Double
      /// The phase and microphone control in the app's words.
      public var phase: String
      public var microphone: String
      /// The committed and volatile text.
      public var committed: String
      public var volatile: String

      /// Creates a state.
      public init(audioTime: Double, phase: String, microphone: String, committed: String, volatile: String) {
        self.audioTime = audioTime
        self.phase = phase
        self.microphone = microphone
        self.committed = committed
        self.volatile = volatile
      }
    }

    /// The timeline file, resolved against the scenario's folder.
    public var timelineFile: String
    /// The device's UI states, in order.
    public var states: [State]
    /// True when the replay is expected to differ from the device (`divergence: expected`: the bug was fixed).
    public var divergenceExpected: Bool
    /// Where `observed:` is in the scenario file, for failures.
    public var location: SourceLocation

    /// Creates an observed timeline.
    public init(timelineFile: String, states: [State], divergenceExpected: Bool = false, location: SourceLocation) {
      self.timelineFile = timelineFile
      self.states = states
      self.divergenceExpected = divergenceExpected
      self.location = location
    }
  }
}
