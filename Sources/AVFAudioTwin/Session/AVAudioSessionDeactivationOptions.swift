/// Options for ending a session with ``AVAudioSession/deactivate(options:completionHandler:)`` (27.0).
@available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
public struct AVAudioSessionDeactivationOptions: OptionSet, Hashable, Sendable {
  /// The option bits.
  public let rawValue: UInt
  /// Creates options from their bits.
  /// - Parameter rawValue: The option bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Lets other apps' interrupted audio resume (recorded only on the simulated device).
  public static let notifyOthersOnDeactivation = AVAudioSessionDeactivationOptions(rawValue: 1)
}
