public import AudioPCM
import Foundation

extension SimulatedDevice {
  /// The resampling library behind the twins' live audio path: the microphone's file-to-hardware
  /// conversion, `AVAudioConverter`, the engine's format conversions and the analyzer's file input.
  ///
  /// libsamplerate unless `SPEECH_REPLAY_RESAMPLER=soxr`, read once per process. libsoxr is about
  /// 30× faster, but it filters in DFT blocks and holds back far more output while streaming
  /// (48 kHz → 16 kHz in 100 ms calls, at `medium`: up to 585 output frames, 37 ms, against
  /// libsamplerate's 46 frames, 3 ms). Apple's converter holds back a few milliseconds, so
  /// libsoxr would delay results in the simulation by up to one tap and change what scenarios see
  /// (see Documentation/Twins.md); until that is solved it stays opt-in here. Offline conversion
  /// (`audio convert`, `SampleRateConverter`'s own default) uses libsoxr.
  public static let resamplingEngine: SampleRateConverter.Engine = engine(
    fromEnvironment: ProcessInfo.processInfo.environment["SPEECH_REPLAY_RESAMPLER"])

  /// The engine an environment value names; unset or unknown (with a warning on standard error)
  /// gives libsamplerate.
  static func engine(fromEnvironment value: String?) -> SampleRateConverter.Engine {
    guard let value, !value.isEmpty else { return .libsamplerate }
    if let engine = SampleRateConverter.Engine(rawValue: value) { return engine }
    FileHandle.standardError.write(
      Data("speech-replay: warning: SPEECH_REPLAY_RESAMPLER=\(value) is not an engine; use soxr or libsamplerate. Using libsamplerate.\n".utf8))
    return .libsamplerate
  }
}
