import CoreMediaTwin

/// One model session behind one speech module in one analysis: it is told how far the audio has
/// been consumed and answers with results to publish.
///
/// Implementation requirements:
/// - Calls arrive in audio order from one task; the recognizer needs no locking of its own.
/// - ``consume(through:samples:)`` is called for every accepted input buffer with the end of the
///   audio consumed so far; outputs must be in the order they are to be published.
/// - ``finalize(through:)`` turns whatever is still volatile up to `time` into final results.
/// - Outputs carry their own delay; the analyzer publishes them that much later in virtual time,
///   never out of order.
public protocol SpeechRecognizing: AnyObject {
  /// Takes audio up to `time` (exclusive) and returns what to publish.
  /// - Parameters:
  ///   - time: The end of the audio consumed so far, on the analyzer's timeline.
  ///   - samples: The newly consumed samples (mono, at the analyzer's rate) for models that listen.
  func consume(through time: CMTime, samples: UnsafeBufferPointer<Float>) -> [RecognizerOutput]

  /// Makes everything before `time` final and returns the results that does.
  func finalize(through time: CMTime) -> [RecognizerOutput]

  /// Whether the recognizer uses the custom language model its request names (true by default).
  var usesCustomLanguageModel: Bool { get }
}

extension SpeechRecognizing {
  /// True: a model uses the custom language model it is given unless it says otherwise.
  public var usesCustomLanguageModel: Bool { true }
}

/// The speech model of the simulated device: makes a recognizer for each module of an analysis.
public protocol SpeechModelBackend: Sendable {
  /// A recognizer for one module's request.
  /// - Throws: ``ModelFailure`` when the model cannot serve the request.
  func makeRecognizer(for request: RecognitionRequest) throws -> any SpeechRecognizing
}
