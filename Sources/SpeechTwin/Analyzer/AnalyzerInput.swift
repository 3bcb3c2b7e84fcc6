public import AVFAudioTwin
public import CoreMediaTwin

/// A buffer of audio for an analyzer, with an optional start time on the analyzer's timeline — the
/// twin of Apple's `AnalyzerInput`.
///
/// The audio must already be in the analyzer's format (see
/// ``SpeechAnalyzer/bestAvailableAudioFormat(compatibleWith:)``, or let an
/// ``AnalyzerInputConverter`` make the inputs); the analyzer never converts.
/// Without a start time the buffer follows the previous one (the first starts at 0); a later start
/// time skips audio; an earlier one is an `audioDisordered` error.
public struct AnalyzerInput: @unchecked Sendable {
  /// The audio the analyzer reads: the caller's buffer, not a copy (change it after yielding it,
  /// and the analyzer hears the change, as Apple warns).
  package let audio: AVAudioPCMBuffer
  /// Where the buffer starts on the analyzer's timeline, or nil to follow the previous buffer.
  public let bufferStartTime: CMTime?
  /// How long the audio lasts: its frames at its sample rate (27.0).
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public var bufferDuration: CMTime {
    CMTime(value: CMTimeValue(audio.frameLength), timescale: CMTimeScale(audio.format.sampleRate.rounded()))
  }
  /// The format of the audio (27.0).
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public var bufferFormat: AVAudioFormat { audio.format }

  /// The audio. In the 27 SDK this returns **a new copy** (Apple: "use other AnalyzerInput
  /// properties to get information about audio"); the twin follows 27, so changing the returned
  /// buffer does not change what the analyzer hears.
  @available(iOS, deprecated: 27.0, message: "use other AnalyzerInput properties to get information about audio")
  @available(macOS, deprecated: 27.0, message: "use other AnalyzerInput properties to get information about audio")
  public var buffer: AVAudioPCMBuffer { AVAudioPCMBuffer(copying: audio) }

  /// Input that follows the previous buffer.
  public init(buffer: AVAudioPCMBuffer) {
    self.init(buffer: buffer, bufferStartTime: nil)
  }

  /// Input that starts at `bufferStartTime` (nil: follows the previous buffer).
  public init(buffer: AVAudioPCMBuffer, bufferStartTime: CMTime?) {
    self.audio = buffer
    self.bufferStartTime = bufferStartTime
  }

  /// Input from a ready audio sample buffer (27.0), starting at the sample buffer's presentation
  /// timestamp on the analyzer's timeline.
  ///
  /// As with the other initializers, the audio must already be in the analyzer's format. The twin
  /// copies the sample buffer's linear PCM into a buffer of its own. **Twin decision**
  /// (**UNCONFIRMED**: Apple's initializer neither throws nor returns nil, and its page says nothing
  /// of other audio): a sample buffer whose audio is not linear PCM the twin holds ends the process
  /// with a reason saying so.
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public init(buffer: CMReadySampleBuffer<CMReadOnlyDataBlockBuffer>) {
    let copy = buffer.withUnsafeSampleBuffer { $0.pcmBufferCopy() }
    guard let copy else {
      preconditionFailure(
        "AnalyzerInput(buffer: CMReadySampleBuffer): the sample buffer's audio is not linear PCM the twin can read")
    }
    self.init(buffer: copy, bufferStartTime: buffer.presentationTimeStamp)
  }
}
