public import Foundation

/// How voice processing ducks other audio — the twin of Apple's C struct (iOS 17, macOS 14).
///
/// ```swift
/// engine.inputNode.voiceProcessingOtherAudioDuckingConfiguration =
///   AVAudioVoiceProcessingOtherAudioDuckingConfiguration(enableAdvancedDucking: true, duckingLevel: .min)
/// ```
///
/// The simulated device plays no other audio, so the configuration is kept and recorded only.
public struct AVAudioVoiceProcessingOtherAudioDuckingConfiguration: Sendable, Hashable {
  /// How much other audio is ducked (Apple's raw values).
  public enum Level: Int, Sendable, Hashable {
    /// The default level, as before the configuration existed.
    case `default` = 0
    /// The least ducking.
    case min = 10
    /// Medium ducking.
    case mid = 20
    /// The most ducking.
    case max = 30
  }

  /// Whether ducking follows the voice activity of both sides (Apple's `ObjCBool` field).
  public var enableAdvancedDucking: ObjCBool
  /// How much other audio is ducked.
  public var duckingLevel: Level

  /// The configuration Apple's zero-initialised C struct gives: no advanced ducking, default level.
  public init() {
    self.init(enableAdvancedDucking: false, duckingLevel: .default)
  }

  /// A configuration (Apple's memberwise initializer of the C struct).
  /// - Parameters:
  ///   - enableAdvancedDucking: Whether ducking follows both sides' voice activity.
  ///   - duckingLevel: How much other audio is ducked.
  public init(enableAdvancedDucking: ObjCBool, duckingLevel: Level) {
    self.enableAdvancedDucking = enableAdvancedDucking
    self.duckingLevel = duckingLevel
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.enableAdvancedDucking.boolValue == rhs.enableAdvancedDucking.boolValue && lhs.duckingLevel == rhs.duckingLevel
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(enableAdvancedDucking.boolValue)
    hasher.combine(duckingLevel)
  }
}
