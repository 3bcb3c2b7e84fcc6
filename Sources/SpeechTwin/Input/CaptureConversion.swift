/// The converter of one `analyzerInputs` sequence, called from the capture's tap only.
@available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
final class CaptureConversion: @unchecked Sendable {
  // @unchecked: the capture calls it one buffer at a time.
  let converter: AnalyzerInputConverter
  init(_ converter: AnalyzerInputConverter) { self.converter = converter }
}
