public import Foundation

extension AVAudioSession {
  /// The typed message of ``didBecomeInactiveNotification`` (27.0).
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public struct DidBecomeInactiveMessage: NotificationCenter.MainActorMessage {
    /// The session.
    public typealias Subject = AVAudioSession
    /// The notification's name.
    public static var name: Notification.Name { AVAudioSession.didBecomeInactiveNotification }
    /// Whether the app or an interruption ended the session.
    public let deactivationResult: DeactivationResult

    /// The message of a posted notification; nil without a ``DeactivationContext``.
    /// - Parameter notification: The notification.
    /// - Returns: The message.
    public static func makeMessage(_ notification: Notification) -> Self? {
      guard let context = notification.userInfo?[AVAudioSession.deactivationContextKey] as? DeactivationContext
      else { return nil }
      return Self(deactivationResult: context.result)
    }

    /// The notification of a message.
    /// - Parameter message: The message.
    /// - Returns: The notification.
    public static func makeNotification(_ message: Self) -> Notification {
      Notification(name: name, userInfo: [AVAudioSession.deactivationContextKey: message.deactivationResult.context])
    }
  }
}
