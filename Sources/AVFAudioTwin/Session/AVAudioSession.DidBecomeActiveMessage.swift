public import Foundation

extension AVAudioSession {
  /// The typed message of ``didBecomeActiveNotification`` (27.0).
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public struct DidBecomeActiveMessage: NotificationCenter.MainActorMessage {
    /// The session.
    public typealias Subject = AVAudioSession
    /// The notification's name.
    public static var name: Notification.Name { AVAudioSession.didBecomeActiveNotification }

    /// The message of a posted notification.
    /// - Parameter notification: The notification.
    /// - Returns: The message.
    public static func makeMessage(_ notification: Notification) -> Self? { Self() }

    /// The notification of a message.
    /// - Parameter message: The message.
    /// - Returns: The notification.
    public static func makeNotification(_ message: Self) -> Notification { Notification(name: name) }
  }
}
