public import Foundation

extension AVAudioSession {
  /// What interrupted a session (27.0): the ``InterruptionReason``.
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public final class InterruptionContext: NSObject, Sendable {
    /// Why the session was interrupted.
    public let reason: InterruptionReason

    init(reason: InterruptionReason) { self.reason = reason }

    public override func isEqual(_ object: Any?) -> Bool { (object as? InterruptionContext)?.reason == reason }
    public override var hash: Int { Int(reason.rawValue) }
  }
}
