// The keys of an audio settings dictionary (AVAudioSettings.h), as `AVAudioFormat.settings`,
// `AVAudioFormat(settings:)` and `AVAudioFile(forWriting:settings:)` use them. Each constant's
// value is its own name, as in Apple's frameworks.

/// The format ID, an `AudioFormatID` such as ``kAudioFormatLinearPCM`` (an `NSNumber`).
public let AVFormatIDKey = "AVFormatIDKey"
/// Frames per second (a floating-point `NSNumber`).
public let AVSampleRateKey = "AVSampleRateKey"
/// Channels (an integer `NSNumber`).
public let AVNumberOfChannelsKey = "AVNumberOfChannelsKey"
/// Bits per linear-PCM sample: 8, 16, 24 or 32 (64 for Float64).
public let AVLinearPCMBitDepthKey = "AVLinearPCMBitDepthKey"
/// Whether linear PCM samples are big-endian (a Boolean).
public let AVLinearPCMIsBigEndianKey = "AVLinearPCMIsBigEndianKey"
/// Whether linear PCM samples are floating point (a Boolean).
public let AVLinearPCMIsFloatKey = "AVLinearPCMIsFloatKey"
/// Whether linear PCM channels lie in separate buffers (a Boolean).
public let AVLinearPCMIsNonInterleaved = "AVLinearPCMIsNonInterleaved"
/// An encoder's quality, an `AVAudioQuality` raw value.
public let AVEncoderAudioQualityKey = "AVEncoderAudioQualityKey"
/// An encoder's bit rate in bits per second.
public let AVEncoderBitRateKey = "AVEncoderBitRateKey"
/// The channel layout, an `AudioChannelLayout` in `Data`.
public let AVChannelLayoutKey = "AVChannelLayoutKey"
