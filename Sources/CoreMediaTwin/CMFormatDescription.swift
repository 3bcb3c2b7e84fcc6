/// A media type code (`'soun'` for audio).
public typealias CMMediaType = FourCharCode

/// Audio (`'soun'`).
public var kCMMediaType_Audio: CMMediaType { 0x736F_756E }

/// Describes the media in a sample buffer — the twin of Core Media's `CMFormatDescription`, for
/// audio only (``CMAudioFormatDescription``). Immutable.
public final class CMFormatDescription: @unchecked Sendable {
  // @unchecked: immutable after creation; the stream description's storage is never written again.
  /// The media type: always ``kCMMediaType_Audio`` in the twin.
  public let mediaType: CMMediaType
  private let streamDescription: UnsafeMutablePointer<AudioStreamBasicDescription>

  init(audio asbd: AudioStreamBasicDescription) {
    mediaType = kCMMediaType_Audio
    streamDescription = .allocate(capacity: 1)
    streamDescription.initialize(to: asbd)
  }

  deinit { streamDescription.deallocate() }

  /// The stream description (Apple's Swift overlay property).
  public var audioStreamBasicDescription: AudioStreamBasicDescription? { streamDescription.pointee }

  /// Storage that lives as long as the description, as Core Media's pointer does.
  var streamDescriptionPointer: UnsafePointer<AudioStreamBasicDescription> { UnsafePointer(streamDescription) }
}

/// An audio format description (Core Media's typealias of ``CMFormatDescription``).
public typealias CMAudioFormatDescription = CMFormatDescription

/// Creates an audio format description.
///
/// The channel layout, magic cookie and extensions are accepted and not kept (the twin describes
/// linear PCM, which needs none).
/// - Returns: `noErr`, or `kCMFormatDescriptionError_InvalidParameter` (-12710) for a zero sample
///   rate or channel count.
@discardableResult
public func CMAudioFormatDescriptionCreate(
  allocator: CFAllocator?, asbd: UnsafePointer<AudioStreamBasicDescription>, layoutSize: Int,
  layout: UnsafePointer<AudioChannelLayout>?,
  magicCookieSize: Int, magicCookie: UnsafeRawPointer?, extensions: CFDictionary?,
  formatDescriptionOut: UnsafeMutablePointer<CMAudioFormatDescription?>
) -> OSStatus {
  let description = asbd.pointee
  guard description.mSampleRate > 0, description.mChannelsPerFrame > 0 else {
    return kCMFormatDescriptionError_InvalidParameter
  }
  formatDescriptionOut.pointee = CMFormatDescription(audio: description)
  return OSStatus(noErr)
}

/// The stream description of an audio format description; the pointer lives as long as `desc`.
/// - Parameter desc: The description.
/// - Returns: Its stream description (never nil for the twin's audio descriptions).
public func CMAudioFormatDescriptionGetStreamBasicDescription(
  _ desc: CMAudioFormatDescription
) -> UnsafePointer<AudioStreamBasicDescription>? {
  desc.streamDescriptionPointer
}

/// The media type of a format description.
public func CMFormatDescriptionGetMediaType(_ desc: CMFormatDescription) -> CMMediaType { desc.mediaType }

/// A parameter was invalid (-12710).
public var kCMFormatDescriptionError_InvalidParameter: OSStatus { -12710 }
