/// The block a tap calls with each buffer and the time of its first frame (Apple's `AVAudioNodeTapBlock`).
public typealias AVAudioNodeTapBlock = (AVAudioPCMBuffer, AVAudioTime) -> Void
