import SpeechShim

/// What the microphone tap feeds: converts the hardware's buffers to the analyzer's format and
/// queues them. ``TapPipeline`` is the 26 SDK's way (the app's own `AVAudioConverter`),
/// ``AnalyzerInputPipeline`` the 27 SDK's (Speech's `AnalyzerInputConverter`).
protocol InputPipeline: AnyObject, Sendable {
  /// The bounded queue the analyzer reads.
  var queue: AnalyzerInputQueue { get }
  /// Gets ready for a hardware format (again after a route change); false when it cannot be converted.
  @discardableResult func prepare(for hardwareFormat: AVAudioFormat) -> Bool
  /// Sends what the converter still holds to the analyzer; tap buffers after it are ignored until
  /// the next ``prepare(for:)``.
  func drain()
  /// Converts one tap buffer and queues it.
  func process(_ buffer: AVAudioPCMBuffer)
}

extension TapPipeline: InputPipeline {}
