/// Called when a player node has finished with a buffer or file, or was stopped (Apple's
/// `AVAudioNodeCompletionHandler`; the scheduling methods take it as `@Sendable`).
public typealias AVAudioNodeCompletionHandler = () -> Void
/// Called with the kind of completion a player node reached (Apple's `AVAudioPlayerNodeCompletionHandler`).
public typealias AVAudioPlayerNodeCompletionHandler = (AVAudioPlayerNodeCompletionCallbackType) -> Void

/// When a player node calls a completion handler, with Apple's raw values.
public enum AVAudioPlayerNodeCompletionCallbackType: Int, Sendable, Hashable {
  /// The player has taken all the data (it may still be playing).
  case dataConsumed = 0
  /// The data has been rendered.
  case dataRendered = 1
  /// The data has been heard.
  case dataPlayedBack = 2
}

/// Options of ``AVAudioPlayerNode/scheduleBuffer(_:at:options:completionHandler:)``.
public struct AVAudioPlayerNodeBufferOptions: OptionSet, Sendable, Hashable {
  /// The option bits.
  public let rawValue: UInt
  /// Creates options from their bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// Loop the buffer until stopped.
  public static let loops = AVAudioPlayerNodeBufferOptions(rawValue: 1 << 0)
  /// Interrupt what is playing.
  public static let interrupts = AVAudioPlayerNodeBufferOptions(rawValue: 1 << 1)
  /// Interrupt a looping buffer at its loop point.
  public static let interruptsAtLoop = AVAudioPlayerNodeBufferOptions(rawValue: 1 << 2)
}
