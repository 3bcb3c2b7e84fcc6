// Core Audio's scalar types and constants as Apple's Swift overlay imports them (MacTypes.h,
// CoreAudioBaseTypes.h). Apple's frameworks re-export them from AVFAudio and CoreMedia; the twins
// re-export this module the same way.

/// A status code returned by C functions (`MacTypes.h`); 0 is success.
public typealias OSStatus = Int32
/// Four ASCII characters packed big-endian into 32 bits, such as `'lpcm'`.
public typealias FourCharCode = UInt32
/// A four-character code.
public typealias OSType = FourCharCode

/// No error (`MacTypes.h`). Imported as `Int`, as Apple's anonymous enum is: compare an
/// `OSStatus` with it directly (`status == noErr`) or convert (`OSStatus(noErr)`).
public var noErr: Int { 0 }

/// Identifies an audio data format (`'lpcm'`, `'aac '`, …).
public typealias AudioFormatID = UInt32
/// Format-specific flags of an ``AudioStreamBasicDescription``.
public typealias AudioFormatFlags = UInt32
/// Names the role of a channel (left, right, mono…).
public typealias AudioChannelLabel = UInt32
/// Identifies a predefined channel layout.
public typealias AudioChannelLayoutTag = UInt32

/// Packs four ASCII characters into a ``FourCharCode`` the way C's `'abcd'` literal does.
@inline(__always) func fourCC(_ text: StaticString) -> FourCharCode {
  precondition(text.utf8CodeUnitCount == 4, "a four-character code has four characters")
  let bytes = text.utf8Start
  return (0..<4).reduce(0) { $0 << 8 | FourCharCode(bytes[$1]) }
}

// MARK: Format IDs

/// Linear PCM, `'lpcm'`.
public var kAudioFormatLinearPCM: AudioFormatID { fourCC("lpcm") }
/// MPEG-4 AAC, `'aac '`.
public var kAudioFormatMPEG4AAC: AudioFormatID { fourCC("aac ") }
/// Apple Lossless, `'alac'`.
public var kAudioFormatAppleLossless: AudioFormatID { fourCC("alac") }
/// FLAC, `'flac'`.
public var kAudioFormatFLAC: AudioFormatID { fourCC("flac") }
/// Opus, `'opus'`.
public var kAudioFormatOpus: AudioFormatID { fourCC("opus") }
/// µ-law 2:1, `'ulaw'`.
public var kAudioFormatULaw: AudioFormatID { fourCC("ulaw") }
/// A-law 2:1, `'alaw'`.
public var kAudioFormatALaw: AudioFormatID { fourCC("alaw") }
/// MPEG-1/2 layer 3, `'.mp3'`.
public var kAudioFormatMPEGLayer3: AudioFormatID { fourCC(".mp3") }
/// Apple IMA 4:1 ADPCM, `'ima4'`.
public var kAudioFormatAppleIMA4: AudioFormatID { fourCC("ima4") }

// MARK: Format flags

/// Samples are floating point.
public var kAudioFormatFlagIsFloat: AudioFormatFlags { 1 << 0 }
/// Samples are big-endian.
public var kAudioFormatFlagIsBigEndian: AudioFormatFlags { 1 << 1 }
/// Integer samples are signed.
public var kAudioFormatFlagIsSignedInteger: AudioFormatFlags { 1 << 2 }
/// Sample bits fill the whole channel word.
public var kAudioFormatFlagIsPacked: AudioFormatFlags { 1 << 3 }
/// Unpacked samples sit in the high bits.
public var kAudioFormatFlagIsAlignedHigh: AudioFormatFlags { 1 << 4 }
/// One buffer per channel (deinterleaved).
public var kAudioFormatFlagIsNonInterleaved: AudioFormatFlags { 1 << 5 }
/// The channels must not be mixed.
public var kAudioFormatFlagIsNonMixable: AudioFormatFlags { 1 << 6 }
/// All flags clear.
public var kAudioFormatFlagsAreAllClear: AudioFormatFlags { 0x8000_0000 }
/// The host's endianness: little-endian on every Apple device and on Linux, so 0.
public var kAudioFormatFlagsNativeEndian: AudioFormatFlags { 0 }
/// Native-endian packed Float32 (`kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked`).
public var kAudioFormatFlagsNativeFloatPacked: AudioFormatFlags {
  kAudioFormatFlagIsFloat | kAudioFormatFlagsNativeEndian | kAudioFormatFlagIsPacked
}
/// Linear PCM's name for ``kAudioFormatFlagIsFloat``.
public var kLinearPCMFormatFlagIsFloat: AudioFormatFlags { kAudioFormatFlagIsFloat }
/// Linear PCM's name for ``kAudioFormatFlagIsBigEndian``.
public var kLinearPCMFormatFlagIsBigEndian: AudioFormatFlags { kAudioFormatFlagIsBigEndian }
/// Linear PCM's name for ``kAudioFormatFlagIsSignedInteger``.
public var kLinearPCMFormatFlagIsSignedInteger: AudioFormatFlags { kAudioFormatFlagIsSignedInteger }
/// Linear PCM's name for ``kAudioFormatFlagIsPacked``.
public var kLinearPCMFormatFlagIsPacked: AudioFormatFlags { kAudioFormatFlagIsPacked }
/// Linear PCM's name for ``kAudioFormatFlagIsNonInterleaved``.
public var kLinearPCMFormatFlagIsNonInterleaved: AudioFormatFlags { kAudioFormatFlagIsNonInterleaved }

// MARK: Channel labels and layout tags

/// Unknown role.
public var kAudioChannelLabel_Unknown: AudioChannelLabel { 0xFFFF_FFFF }
/// Not used.
public var kAudioChannelLabel_Unused: AudioChannelLabel { 0 }
/// Left.
public var kAudioChannelLabel_Left: AudioChannelLabel { 1 }
/// Right.
public var kAudioChannelLabel_Right: AudioChannelLabel { 2 }
/// Center.
public var kAudioChannelLabel_Center: AudioChannelLabel { 3 }
/// Low-frequency effects.
public var kAudioChannelLabel_LFEScreen: AudioChannelLabel { 4 }
/// Mono.
public var kAudioChannelLabel_Mono: AudioChannelLabel { 42 }
/// Discrete channel 0; add the index for later ones (`kAudioChannelLabel_Discrete_0 + n`).
public var kAudioChannelLabel_Discrete_0: AudioChannelLabel { (1 << 16) | 0 }

/// The layout is given by its channel descriptions.
public var kAudioChannelLayoutTag_UseChannelDescriptions: AudioChannelLayoutTag { (0 << 16) | 0 }
/// The layout is given by its channel bitmap.
public var kAudioChannelLayoutTag_UseChannelBitmap: AudioChannelLayoutTag { (1 << 16) | 0 }
/// One channel, mono.
public var kAudioChannelLayoutTag_Mono: AudioChannelLayoutTag { (100 << 16) | 1 }
/// Two channels, left and right.
public var kAudioChannelLayoutTag_Stereo: AudioChannelLayoutTag { (101 << 16) | 2 }
/// N discrete channels; OR the channel count into the low 16 bits.
public var kAudioChannelLayoutTag_DiscreteInOrder: AudioChannelLayoutTag { 147 << 16 }
/// N unknown channels; OR the channel count into the low 16 bits.
public var kAudioChannelLayoutTag_Unknown: AudioChannelLayoutTag { 0xFFFF_0000 }

/// The channel count a layout tag carries in its low 16 bits (Apple's macro `AudioChannelLayoutTag_GetNumberOfChannels`).
/// - Parameter layoutTag: The tag.
/// - Returns: Its channel count.
public func AudioChannelLayoutTag_GetNumberOfChannels(_ layoutTag: AudioChannelLayoutTag) -> UInt32 {
  layoutTag & 0x0000_FFFF
}
