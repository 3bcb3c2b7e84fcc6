public import SpeechShim

extension LiveTranscriber {
  /// How a ``LiveTranscriber`` transcribes: the transcriber options, the input bound, the tap size,
  /// the dictation fallback and the clock used to poll download progress.
  public struct Configuration: Sendable {
    /// How much converted audio may wait for the analyzer before the oldest is dropped.
    public enum InputLimit: Sendable, Hashable {
      /// At most this many buffers (at least 1).
      case buffers(Int)
      /// About this much audio, counted in tap buffers of ``Configuration/tapBufferSize`` frames
      /// at the hardware rate when the session starts.
      case seconds(Double)
    }

    /// The options of the `SpeechTranscriber`; they should include `.volatileResults` for live text.
    public var preset: SpeechTranscriber.Preset
    /// The options of the `DictationTranscriber` used when `SpeechTranscriber` is unavailable.
    public var dictationPreset: DictationTranscriber.Preset
    /// Whether to fall back to `DictationTranscriber` when `SpeechTranscriber.isAvailable` is false.
    public var usesDictationFallback: Bool
    /// The bound of the analyzer input queue.
    public var inputLimit: InputLimit
    /// The `bufferSize` asked of the microphone tap (the hardware may deliver another size).
    public var tapBufferSize: AVAudioFrameCount
    /// Frames added to every converter output buffer beyond `ratio × input frames`, so a
    /// resampler's rounding and held-back frames always fit.
    public var converterMargin: AVAudioFrameCount
    /// The clock that paces progress polling during a model download.
    public var clock: any Clock<Duration>
    /// How often download progress is read while the model downloads.
    public var progressInterval: Duration
    /// The SDK whose input API the stack uses: `.sdk26` (the default) or `.sdk27` (taken only where
    /// `#available(iOS 27, macOS 27, *)`).
    public var inputAPI: InputAPI = .sdk26
    /// The traps switched on for the bug zoo; empty (the default) in every real use.
    package var faults: Set<Fault> = []

    /// Creates a configuration.
    /// - Parameters:
    ///   - preset: `SpeechTranscriber` options; the default gives volatile results with audio time ranges.
    ///   - dictationPreset: `DictationTranscriber` options for the fallback.
    ///   - usesDictationFallback: Whether to use `DictationTranscriber` when `SpeechTranscriber` is unavailable.
    ///   - inputLimit: The input bound; the default is 5 seconds of audio.
    ///   - tapBufferSize: The tap's requested buffer size in frames.
    ///   - converterMargin: Extra frames in every converter output buffer.
    ///   - clock: The clock for progress polling (inject the simulation's clock in tests).
    ///   - progressInterval: The polling interval of download progress.
    public init(
      preset: SpeechTranscriber.Preset = .timeIndexedProgressiveTranscription,
      dictationPreset: DictationTranscriber.Preset = .progressiveLongDictation,
      usesDictationFallback: Bool = false,
      inputLimit: InputLimit = .seconds(5),
      tapBufferSize: AVAudioFrameCount = 4_096,
      converterMargin: AVAudioFrameCount = 256,
      clock: any Clock<Duration> = ContinuousClock(),
      progressInterval: Duration = .milliseconds(100)
    ) {
      self.preset = preset
      self.dictationPreset = dictationPreset
      self.usesDictationFallback = usesDictationFallback
      self.inputLimit = inputLimit
      self.tapBufferSize = tapBufferSize
      self.converterMargin = converterMargin
      self.clock = clock
      self.progressInterval = progressInterval
    }

    /// The input bound in buffers for a hardware rate.
    /// - Parameter sampleRate: The microphone's sample rate.
    /// - Returns: At least 1.
    func inputLimitInBuffers(sampleRate: Double) -> Int {
      switch inputLimit {
      case .buffers(let count): return max(1, count)
      case .seconds(let seconds):
        guard seconds.isFinite, seconds > 0, sampleRate > 0, tapBufferSize > 0 else { return 1 }
        return max(1, Int((seconds * sampleRate / Double(tapBufferSize)).rounded(.up)))
      }
    }
  }
}
