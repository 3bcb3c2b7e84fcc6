public import SpeechShim

extension CaptureRecorder {
  /// The analyzer inputs of Speech's `CaptureInputSequenceProvider` (27), recorded as they pass
  /// to the analyzer: what the provider saw of the microphone, already converted to the analyzer's
  /// format, as `recordTap(_:at:)` records what a tap saw. Pass it to the analyzer instead of the
  /// provider's sequence:
  ///
  /// ```swift
  /// if let recorder {
  ///   try await analyzer.start(inputSequence: recorder.recording(provider.analyzerInputs))
  /// } else {
  ///   try await analyzer.start(inputSequence: provider.analyzerInputs)
  /// }
  /// ```
  ///
  /// Each input is recorded as one buffer in the analyzer's format, timed by its
  /// `bufferStartTime` (or following the previous one), and the first input's format is recorded
  /// as the analyzer format. A capture made this way imports as a scenario whose microphone gives
  /// the analyzer's format (Documentation: Captures.md, "Captures on the 27 path").
  @available(iOS 27, macOS 27, *)
  public struct RecordedInputs<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
  where Base.Element == AnalyzerInput {
    let base: Base
    let recorder: CaptureRecorder

    /// An iterator that records each input it passes on.
    public struct Iterator: AsyncIteratorProtocol {
      var base: Base.AsyncIterator
      let recorder: CaptureRecorder
      var nextSampleTime: Int64?

      /// The next input of the provider, recorded.
      public mutating func next() async throws -> AnalyzerInput? {
        guard let input = try await base.next() else { return nil }
        nextSampleTime = recorder.recordInput(input, following: nextSampleTime)
        return input
      }
    }

    /// An iterator over the provider's sequence.
    public func makeAsyncIterator() -> Iterator {
      Iterator(base: base.makeAsyncIterator(), recorder: recorder, nextSampleTime: nil)
    }
  }

  /// The provider's analyzer inputs, each recorded as it passes (``RecordedInputs``).
  /// - Parameter inputs: `CaptureInputSequenceProvider.analyzerInputs` (or any analyzer inputs).
  @available(iOS 27, macOS 27, *)
  public func recording<Inputs: AsyncSequence & Sendable>(_ inputs: Inputs) -> RecordedInputs<Inputs>
  where Inputs.Element == AnalyzerInput {
    RecordedInputs(base: inputs, recorder: self)
  }

  /// Records one analyzer input; the sample time after it, which the next input without a start
  /// time follows (nil before the first input: the format is recorded then).
  @available(iOS 27, macOS 27, *)
  func recordInput(_ input: AnalyzerInput, following previous: Int64?) -> Int64 {
    let format = input.bufferFormat
    if previous == nil { recordAnalyzerFormat(format) }
    let rate = format.sampleRate
    let start = input.bufferStartTime.map { Int64(($0.seconds * rate).rounded()) } ?? previous ?? 0
    // The 27 SDK hands out a copy of the input's audio (not on an audio thread: the analyzer's task).
    let buffer = input.buffer
    recordTap(buffer, at: AVAudioTime(sampleTime: start, atRate: rate))
    return start + Int64(buffer.frameLength)
  }
}
