/// The block ``AVAudioConverter/convert(to:error:withInputFrom:)`` calls for input: it receives the
/// number of packets (frames, for PCM) still needed and must set the status it points to.
public typealias AVAudioConverterInputBlock = (AVAudioPacketCount, UnsafeMutablePointer<AVAudioConverterInputStatus>) ->
  AVAudioBuffer?
