/// A count of audio frames (AVFAudio's `AVAudioFrameCount`).
public typealias AVAudioFrameCount = UInt32
/// A count of packets; for PCM one packet is one frame.
public typealias AVAudioPacketCount = UInt32
/// A frame position in a file or on a timeline.
public typealias AVAudioFramePosition = Int64
/// A channel count.
public typealias AVAudioChannelCount = UInt32
/// The index of a node's bus.
public typealias AVAudioNodeBus = Int
