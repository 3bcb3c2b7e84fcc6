public import Foundation

extension AVAudioSession {
  /// Posted when the session becomes active (27.0); no userInfo.
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public static let didBecomeActiveNotification = Notification.Name("AVAudioSessionDidBecomeActiveNotification")
  /// Posted when the session becomes inactive (27.0); userInfo holds a ``DeactivationContext``
  /// under ``deactivationContextKey``.
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public static let didBecomeInactiveNotification = Notification.Name("AVAudioSessionDidBecomeInactiveNotification")
  /// The userInfo key of a ``DeactivationContext`` (27.0).
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public static let deactivationContextKey = "AVAudioSessionDeactivationContextKey"
}

@available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
extension AVAudioSession.DeactivationContext {
  /// The context as the typed message's result.
  var result: AVAudioSession.DeactivationResult {
    interruptionContext.map { .systemInterruption($0) } ?? .appDeactivated
  }
}

@available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
extension AVAudioSession.DeactivationResult {
  /// The result as a notification's context.
  var context: AVAudioSession.DeactivationContext {
    switch self {
    case .appDeactivated: AVAudioSession.DeactivationContext(source: .app, interruptionContext: nil)
    case .systemInterruption(let interruption):
      AVAudioSession.DeactivationContext(source: .system, interruptionContext: interruption)
    }
  }
}

@available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
extension NotificationCenter.MessageIdentifier
where Self == NotificationCenter.BaseMessageIdentifier<AVAudioSession.DidBecomeActiveMessage> {
  /// The session became active (27.0).
  public static var didBecomeActive: Self { .init() }
}

@available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
extension NotificationCenter.MessageIdentifier
where Self == NotificationCenter.BaseMessageIdentifier<AVAudioSession.DidBecomeInactiveMessage> {
  /// The session became inactive (27.0).
  public static var didBecomeInactive: Self { .init() }
}
