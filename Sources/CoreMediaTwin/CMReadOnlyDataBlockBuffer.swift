/// The read-only media data of a ready sample buffer — the twin of Core Media's
/// `CMReadOnlyDataBlockBuffer` (iOS, macOS 26), the content of
/// `CMReadySampleBuffer<CMReadOnlyDataBlockBuffer>`, which `AnalyzerInput(buffer:)` takes in 27.
///
/// The twin makes one only from a sample buffer's data
/// (``CMReadySampleBuffer/init(unsafeWithDataBuffer:)``); it has no public initializer
/// (**UNCONFIRMED**: Apple's initializers are not in the project's reference).
@available(iOS 26, macOS 26, tvOS 26, visionOS 26, watchOS 26, *)
public struct CMReadOnlyDataBlockBuffer: CMSampleBuffer.Content, @unchecked Sendable {
  // @unchecked: the block buffer is only read through this type.
  private let blockBuffer: CMBlockBuffer

  init(_ blockBuffer: CMBlockBuffer) {
    self.blockBuffer = blockBuffer
  }

  /// Calls `body` with the underlying `CMBlockBuffer`; do not change its bytes.
  public func withUnsafeBlockBuffer<R>(_ body: (CMBlockBuffer) throws -> R) rethrows -> R {
    try body(blockBuffer)
  }
}
