import Foundation

/// A buffer of audio in some format — the twin of `AVAudioBuffer`, the base class of
/// ``AVAudioPCMBuffer``. (Apple's `audioBufferList` accessors are not mirrored: they expose Core
/// Audio's C structures; use the typed channel-data accessors.)
public class AVAudioBuffer: NSObject {
  /// The format of the audio.
  public let format: AVAudioFormat

  init(format: AVAudioFormat) {
    self.format = format
  }
}
