import Foundation

/// What an ``AVAudioPlayer`` tells its delegate — the twin of Apple's `AVAudioPlayerDelegate`,
/// whose methods are optional (default implementations do nothing).
public protocol AVAudioPlayerDelegate: NSObjectProtocol {
  /// The player reached the end of its last loop (not called after ``AVAudioPlayer/stop()``).
  /// - Parameters:
  ///   - player: The player.
  ///   - flag: True when playback completed (always, on the simulated device).
  func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool)

  /// Decoding failed during playback (never on the simulated device, which decodes when it opens).
  /// - Parameters:
  ///   - player: The player.
  ///   - error: What went wrong.
  func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: (any Error)?)
}

extension AVAudioPlayerDelegate {
  /// Does nothing (the method is optional).
  public func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {}
  /// Does nothing (the method is optional).
  public func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: (any Error)?) {}
}
