public import Foundation

// What a session can learn about other apps' audio. The simulated device runs no other app; the
// only other audio it knows is what interrupts the session (a call, an alarm).
extension AVAudioSession {
  /// Whether another app's audio is playing: on the simulated device, while an interruption lasts
  /// (**twin decision**: the interrupting call or alarm is the only other audio it has).
  public var isOtherAudioPlaying: Bool { device.microphone.isInterrupted }

  /// Whether another app's non-mixable primary audio plays, so the app should silence its secondary
  /// audio: always false on the simulated device, which plays no other app's media (**twin decision**).
  public var secondaryAudioShouldBeSilencedHint: Bool { false }

  /// Posted when another app's primary audio starts or stops; `userInfo` has
  /// ``AVAudioSessionSilenceSecondaryAudioHintTypeKey``. Never posted by the simulated device.
  public static let silenceSecondaryAudioHintNotification = Notification.Name(
    "AVAudioSessionSilenceSecondaryAudioHintNotification")

  /// Whether the secondary-audio hint begins or ends (Apple's raw values).
  public enum SilenceSecondaryAudioHintType: UInt, Sendable, Hashable {
    /// Another app's primary audio started.
    case begin = 1
    /// Another app's primary audio stopped.
    case end = 0
  }
}

/// The userInfo key of a ``AVAudioSession/silenceSecondaryAudioHintNotification``'s
/// ``AVAudioSession/SilenceSecondaryAudioHintType`` raw value.
public let AVAudioSessionSilenceSecondaryAudioHintTypeKey = "AVAudioSessionSilenceSecondaryAudioHintTypeKey"

/// The userInfo key of a began interruption's ``AVAudioSession/InterruptionReason`` raw value
/// (iOS 14.5): the simulated device's interruptions are all `.default` (a call, an alarm).
public let AVAudioSessionInterruptionReasonKey = "AVAudioSessionInterruptionReasonKey"
