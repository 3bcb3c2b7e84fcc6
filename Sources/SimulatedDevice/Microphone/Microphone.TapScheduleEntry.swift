extension Microphone {
  /// One tap callback of an explicit schedule (``SimulatedDevice/MicrophoneConfiguration/tapSchedule``):
  /// how many frames it delivers, at which sample time, in which hardware format — as a capture
  /// recorded them on a device, so a replay gives the app's tap the exact buffers the device gave.
  public struct TapScheduleEntry: Sendable, Hashable, Codable {
    /// Frames the callback delivers.
    public var frames: Int
    /// The sample time the device reported for the callback's first frame, if known. Within one
    /// run of the engine, a jump past the end of the previous entry delays this callback by the
    /// missing frames' duration (frames the device skipped); a smaller value (a restart) does not.
    public var sampleTime: Int64?
    /// The hardware sample rate of the callback.
    public var sampleRate: Double
    /// The hardware channel count of the callback.
    public var channelCount: Int

    /// Creates an entry.
    public init(frames: Int, sampleTime: Int64? = nil, sampleRate: Double = 48_000, channelCount: Int = 1) {
      self.frames = frames
      self.sampleTime = sampleTime
      self.sampleRate = sampleRate
      self.channelCount = channelCount
    }

    /// The virtual time the entry's frames cover.
    var duration: Double { sampleRate > 0 ? Double(frames) / sampleRate : 0 }
  }
}
