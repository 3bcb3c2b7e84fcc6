public import Foundation

extension AVAudioSession {
  /// How a session became inactive (27.0), under ``deactivationContextKey`` in the userInfo of
  /// ``didBecomeInactiveNotification``.
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public final class DeactivationContext: NSObject, Sendable {
    /// The app or the system.
    public let source: DeactivationSource
    /// What interrupted the session; present only when the system ended it for an interruption.
    public let interruptionContext: InterruptionContext?

    init(source: DeactivationSource, interruptionContext: InterruptionContext?) {
      self.source = source
      self.interruptionContext = interruptionContext
    }

    public override func isEqual(_ object: Any?) -> Bool {
      guard let other = object as? DeactivationContext else { return false }
      return other.source == source && other.interruptionContext == interruptionContext
    }
    public override var hash: Int { source.rawValue &* 31 &+ (interruptionContext?.hash ?? 0) }
  }
}
