public import AudioPCM
import Foundation
import Simulation

extension SimulatedDevice {
  /// The resampling library behind the twins' live audio path: the microphone's file-to-hardware
  /// conversion, `AVAudioConverter`, the engine's format conversions and the analyzer's file input.
  ///
  /// libsoxr unless `SPEECH_REPLAY_RESAMPLER=libsamplerate`, read once per process. libsoxr is
  /// about 45× faster, which is what lets a 48 kHz replay run near 2,000× real time instead of
  /// 130×. It filters in DFT blocks, so while streaming it holds back up to 244 output frames
  /// (15 ms, 48 kHz → 16 kHz at `medium`) where libsamplerate holds back 46 (3 ms); a stack that
  /// drains its converter with `.endOfStream` at the stop loses neither (Documentation/AudioPCM.md).
  /// Runs recorded before issue 13 used libsamplerate; the variable puts it back.
  public static let resamplingEngine: SampleRateConverter.Engine = engine(
    fromEnvironment: ProcessInfo.processInfo.environment["SPEECH_REPLAY_RESAMPLER"])

  /// The engine an environment value names; unset or unknown (with a warning on standard error)
  /// gives libsoxr.
  static func engine(fromEnvironment value: String?) -> SampleRateConverter.Engine {
    guard let value, !value.isEmpty else { return .soxr }
    if let engine = SampleRateConverter.Engine(rawValue: value) { return engine }
    try? FileHandle.standardError.write(
      contentsOf: Data(
        "\(ProcessName.current): warning: SPEECH_REPLAY_RESAMPLER=\(value) is not an engine; use soxr or libsamplerate. Using soxr.\n"
          .utf8))
    return .soxr
  }
}
