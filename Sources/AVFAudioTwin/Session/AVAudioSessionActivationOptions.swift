/// Options for ``AVAudioSession/activate(options:completionHandler:)``; Apple defines none beyond
/// the empty set.
public struct AVAudioSessionActivationOptions: OptionSet, Hashable, Sendable {
  /// The option bits.
  public let rawValue: UInt
  /// Creates options from their bits.
  /// - Parameter rawValue: The option bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
}
