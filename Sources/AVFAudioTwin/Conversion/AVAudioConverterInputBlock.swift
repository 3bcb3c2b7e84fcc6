/// The block ``AVAudioConverter/convert(to:error:withInputFrom:)`` calls for input: it receives the
/// number of packets (frames, for PCM) still needed and must set the status it points to.
///
/// `@Sendable`, as the 26 SDK's `NS_SWIFT_SENDABLE` typedef makes it: in the Swift 6 language mode
/// a block that captures a `var` or an `AVAudioPCMBuffer` (not `Sendable`) does not compile against
/// Apple's SDK, so it does not here either (apps mark such captures `nonisolated(unsafe)`; the
/// converter calls the block synchronously, inside `convert`). Documentation/Twins.md, "Sendable".
public typealias AVAudioConverterInputBlock =
  @Sendable (AVAudioPacketCount, UnsafeMutablePointer<AVAudioConverterInputStatus>) -> AVAudioBuffer?
