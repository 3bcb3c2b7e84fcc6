extension AVAudioSession {
  /// An audio session category (Apple's string constants).
  public struct Category: RawRepresentable, Hashable, Sendable {
    /// The constant's string.
    public let rawValue: String
    /// Creates a category from its string.
    /// - Parameter rawValue: The constant's string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Sound that mixes with other apps and is silenced by the switch.
    public static let ambient = Category(rawValue: "AVAudioSessionCategoryAmbient")
    /// The default: silenced by the switch, interrupts other audio.
    public static let soloAmbient = Category(rawValue: "AVAudioSessionCategorySoloAmbient")
    /// Playback that keeps playing with the switch on silent.
    public static let playback = Category(rawValue: "AVAudioSessionCategoryPlayback")
    /// Recording only.
    public static let record = Category(rawValue: "AVAudioSessionCategoryRecord")
    /// Recording and playback.
    public static let playAndRecord = Category(rawValue: "AVAudioSessionCategoryPlayAndRecord")
    /// Several simultaneous routes.
    public static let multiRoute = Category(rawValue: "AVAudioSessionCategoryMultiRoute")
  }

  /// An audio session mode (Apple's string constants).
  public struct Mode: RawRepresentable, Hashable, Sendable {
    /// The constant's string.
    public let rawValue: String
    /// Creates a mode from its string.
    /// - Parameter rawValue: The constant's string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The default mode.
    public static let `default` = Mode(rawValue: "AVAudioSessionModeDefault")
    /// Minimal system processing of input and output (speech recognition apps use it).
    public static let measurement = Mode(rawValue: "AVAudioSessionModeMeasurement")
    /// Two-way voice communication (voice processing).
    public static let voiceChat = Mode(rawValue: "AVAudioSessionModeVoiceChat")
    /// Spoken audio such as podcasts.
    public static let spokenAudio = Mode(rawValue: "AVAudioSessionModeSpokenAudio")
    /// Game voice chat (voice processing, as `.voiceChat`).
    public static let gameChat = Mode(rawValue: "AVAudioSessionModeGameChat")
    /// Video calls (voice processing, as `.voiceChat`).
    public static let videoChat = Mode(rawValue: "AVAudioSessionModeVideoChat")
    /// Recording video.
    public static let videoRecording = Mode(rawValue: "AVAudioSessionModeVideoRecording")
    /// Playing movie content.
    public static let moviePlayback = Mode(rawValue: "AVAudioSessionModeMoviePlayback")
    /// Short spoken prompts, such as navigation directions.
    public static let voicePrompt = Mode(rawValue: "AVAudioSessionModeVoicePrompt")
  }

  /// Options of a category (Apple's raw values).
  public struct CategoryOptions: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: UInt
    /// Creates options from their bits.
    /// - Parameter rawValue: The option bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Mix with other apps' audio.
    public static let mixWithOthers = CategoryOptions(rawValue: 0x1)
    /// Lower other apps' audio while this session plays.
    public static let duckOthers = CategoryOptions(rawValue: 0x2)
    /// Make Bluetooth hands-free (HFP) devices available as input (record and playAndRecord only).
    public static let allowBluetoothHFP = CategoryOptions(rawValue: 0x4)
    /// The older name of ``allowBluetoothHFP`` (the same bit).
    public static let allowBluetooth = CategoryOptions(rawValue: 0x4)
    /// Route output to the speaker rather than the receiver.
    public static let defaultToSpeaker = CategoryOptions(rawValue: 0x8)
    /// Pause spoken audio of other apps.
    public static let interruptSpokenAudioAndMixWithOthers = CategoryOptions(rawValue: 0x11)
    /// Allow Bluetooth A2DP output.
    public static let allowBluetoothA2DP = CategoryOptions(rawValue: 0x20)
    /// Allow AirPlay output.
    public static let allowAirPlay = CategoryOptions(rawValue: 0x40)
    /// Keep recording when the system mutes the microphone (26).
    public static let overrideMutedMicrophoneInterruption = CategoryOptions(rawValue: 0x80)
    /// Record from Bluetooth devices in high quality (26).
    public static let bluetoothHighQualityRecording = CategoryOptions(rawValue: 0x8_0000)
  }

  /// Options of ``AVAudioSession/setActive(_:options:)``.
  public struct SetActiveOptions: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: UInt
    /// Creates options from their bits.
    /// - Parameter rawValue: The option bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Tell other apps they may resume when this session deactivates.
    public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)
  }

  /// Whether an interruption began or ended (Apple's raw values: ended 0, began 1).
  @available(
    iOS, introduced: 6.0, deprecated: 27.0, message: "observe didBecomeInactiveNotification and its DeactivationContext"
  )
  @available(
    tvOS, introduced: 9.0, deprecated: 27.0,
    message: "observe didBecomeInactiveNotification and its DeactivationContext"
  )
  @available(
    watchOS, introduced: 2.0, deprecated: 27.0,
    message: "observe didBecomeInactiveNotification and its DeactivationContext"
  )
  @available(
    visionOS, introduced: 1.0, deprecated: 27.0,
    message: "observe didBecomeInactiveNotification and its DeactivationContext"
  )
  public enum InterruptionType: UInt, Sendable, Hashable {
    /// The interruption ended.
    case ended = 0
    /// The interruption began.
    case began = 1
  }

  /// Hints at the end of an interruption.
  @available(
    iOS, introduced: 6.0, deprecated: 27.0, message: "observe didBecomeInactiveNotification and its DeactivationContext"
  )
  @available(
    tvOS, introduced: 9.0, deprecated: 27.0,
    message: "observe didBecomeInactiveNotification and its DeactivationContext"
  )
  @available(
    watchOS, introduced: 2.0, deprecated: 27.0,
    message: "observe didBecomeInactiveNotification and its DeactivationContext"
  )
  @available(
    visionOS, introduced: 1.0, deprecated: 27.0,
    message: "observe didBecomeInactiveNotification and its DeactivationContext"
  )
  public struct InterruptionOptions: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: UInt
    /// Creates options from their bits.
    /// - Parameter rawValue: The option bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The system suggests resuming audio.
    public static let shouldResume = InterruptionOptions(rawValue: 1)
  }

  /// Why the route changed (Apple's raw values).
  public enum RouteChangeReason: UInt, Sendable, Hashable {
    /// Unknown.
    case unknown = 0
    /// A device (a headset) became available.
    case newDeviceAvailable = 1
    /// The previous device went away.
    case oldDeviceUnavailable = 2
    /// The category changed.
    case categoryChange = 3
    /// The route was overridden.
    case override = 4
    /// The device woke from sleep.
    case wakeFromSleep = 6
    /// No route fits the category.
    case noSuitableRouteForCategory = 7
    /// The route's configuration changed.
    case routeConfigurationChange = 8
  }
}
