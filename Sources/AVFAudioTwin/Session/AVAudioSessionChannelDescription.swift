import Foundation

/// One channel of a port — the twin of `AVAudioSessionChannelDescription`.
public final class AVAudioSessionChannelDescription: NSObject, @unchecked Sendable {
  // @unchecked: immutable.
  /// The channel's name, for example "iPhone Microphone 1".
  public let channelName: String
  /// The uid of the port the channel belongs to.
  public let owningPortUID: String
  /// The channel's number on the port, from 1.
  public let channelNumber: Int
  /// The channel's role: ``kAudioChannelLabel_Mono`` on a one-channel port, left and right on two.
  public let channelLabel: AudioChannelLabel

  init(channelName: String, owningPortUID: String, channelNumber: Int, channelLabel: AudioChannelLabel) {
    self.channelName = channelName
    self.owningPortUID = owningPortUID
    self.channelNumber = channelNumber
    self.channelLabel = channelLabel
  }
}
