/// A sample buffer whose media data is ready — the twin of Core Media's Swift-native
/// `CMReadySampleBuffer<Content>` (iOS, macOS 26), as far as audio code needs it: made from a
/// sample buffer that `AVAssetReader` or `AVCaptureAudioDataOutput` handed out, read for its
/// format, count and timing, and given to Speech's `AnalyzerInput(buffer:)` (27).
///
/// ```swift
/// while let sampleBuffer = output.copyNextSampleBuffer() {
///   let ready = CMReadySampleBuffer(unsafeWithDataBuffer: sampleBuffer)
///   continuation.yield(AnalyzerInput(buffer: ready))
/// }
/// ```
@available(iOS 26, macOS 26, tvOS 26, visionOS 26, watchOS 26, *)
public struct CMReadySampleBuffer<Content: CMSampleBuffer.Content>: @unchecked Sendable {
  // @unchecked: the sample buffer is taken over (`sending`) and only read afterwards.
  private let sampleBuffer: CMSampleBuffer

  /// The format of the samples.
  public var formatDescription: CMFormatDescription {
    guard let description = sampleBuffer.formatDescription else {
      preconditionFailure("CMReadySampleBuffer: the sample buffer has no format description")
    }
    return description
  }
  /// The number of samples (frames, for linear PCM).
  public var sampleCount: Int { sampleBuffer.numSamples }
  /// The time of the first sample.
  public var presentationTimeStamp: CMTime { sampleBuffer.presentationTimeStamp }
  /// The duration of all samples.
  public var duration: CMTime { sampleBuffer.duration }

  /// Calls `body` with the underlying `CMSampleBuffer`; do not change it.
  public func withUnsafeSampleBuffer<R>(_ body: (CMSampleBuffer) throws -> R) rethrows -> R {
    try body(sampleBuffer)
  }

  fileprivate init(taking sampleBuffer: CMSampleBuffer) {
    self.sampleBuffer = sampleBuffer
  }
}

@available(iOS 26, macOS 26, tvOS 26, visionOS 26, watchOS 26, *)
extension CMReadySampleBuffer where Content == CMReadOnlyDataBlockBuffer {
  /// Takes over an existing sample buffer whose data is a block buffer.
  ///
  /// The sample buffer must be valid and its data ready. **Twin decision** (**UNCONFIRMED**: Apple
  /// documents no failure and the initializer neither throws nor returns nil): one that is not —
  /// invalidated, data not yet set — ends the process with a reason saying which, as a
  /// precondition of Apple's would.
  public init(unsafeWithDataBuffer unsafeBuffer: sending CMSampleBuffer) {
    precondition(unsafeBuffer.isValid, "CMReadySampleBuffer(unsafeWithDataBuffer:): the sample buffer was invalidated")
    precondition(
      unsafeBuffer.dataBuffer != nil,
      "CMReadySampleBuffer(unsafeWithDataBuffer:): the sample buffer's data is not ready (no data buffer)")
    self.init(taking: unsafeBuffer)
  }
}
