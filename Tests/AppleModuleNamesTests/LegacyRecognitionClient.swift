// App code in Apple's names, as an architecture library's speech example writes its live client:
// a request built by a convenience initializer the app adds to SFSpeechAudioBufferRecognitionRequest,
// a recognizer delegate for availability, the session set to record/measurement with ducking, a
// tap appending every buffer to the request, `recognitionTask(with:resultHandler:)` switched on the
// (result, error) pair, and the framework's result classes copied into plain value types
// (transcriptions, segments with NSRange, metadata, voice analytics). AppCodeSweep2Tests runs it.
import AVFoundation
import Speech

extension SFSpeechAudioBufferRecognitionRequest {
  convenience init(
    onDevice: Bool = false, partials: Bool = true, contextualStrings: [String] = [],
    taskHint: SFSpeechRecognitionTaskHint = .unspecified
  ) {
    self.init()
    requiresOnDeviceRecognition = onDevice
    shouldReportPartialResults = partials
    self.contextualStrings = contextualStrings
    self.taskHint = taskHint
  }
}

/// A copy of one segment the app can compare and keep.
struct SegmentValue: Equatable, Sendable {
  var substring: String
  var range: Range<String.Index>?
  var timestamp: TimeInterval
  var duration: TimeInterval
  var confidence: Float
  var alternatives: [String]
}

/// A copy of a recognition result.
struct RecognitionValue: Equatable, Sendable {
  var formattedString: String
  var segments: [SegmentValue]
  var transcriptionCount: Int
  var isFinal: Bool
  var speakingRate: Double?
  var averagePause: TimeInterval?
  var pitchFrames: Int?

  init(_ result: SFSpeechRecognitionResult) {
    let best = result.bestTranscription
    formattedString = best.formattedString
    segments = best.segments.map { segment in
      SegmentValue(
        substring: segment.substring, range: Range(segment.substringRange, in: best.formattedString),
        timestamp: segment.timestamp, duration: segment.duration, confidence: segment.confidence,
        alternatives: segment.alternativeSubstrings)
    }
    transcriptionCount = result.transcriptions.count
    isFinal = result.isFinal
    let metadata: SFSpeechRecognitionMetadata? = result.speechRecognitionMetadata
    speakingRate = metadata?.speakingRate
    averagePause = metadata?.averagePauseDuration
    let analytics: SFVoiceAnalytics? = metadata?.voiceAnalytics
    let pitch: SFAcousticFeature? = analytics?.pitch
    pitchFrames = pitch.map { $0.acousticFeatureValuePerFrame.count }
    _ = (analytics?.jitter.frameDuration, analytics?.shimmer, analytics?.voicing)
  }
}

/// Forwards availability changes to a closure.
final class AvailabilityDelegate: NSObject, SFSpeechRecognizerDelegate {
  var changed: (Bool) -> Void
  init(changed: @escaping (Bool) -> Void) { self.changed = changed }
  func speechRecognizer(_ speechRecognizer: SFSpeechRecognizer, availabilityDidChange available: Bool) {
    changed(available)
  }
}

/// The live client: start with a request, hear values, finish or cancel.
final class LegacyRecognitionClient: @unchecked Sendable {
  // @unchecked: the example drives it from one task; the tap touches only the request.
  enum Failure: Error, Equatable { case couldntConfigureAudioSession, couldntStartAudioEngine, taskError }

  private var audioEngine: AVAudioEngine?
  private var inputNode: AVAudioInputNode?
  private var recognitionTask: SFSpeechRecognitionTask?
  private var delegate: AvailabilityDelegate?
  private var recognizer: SFSpeechRecognizer?
  private(set) var values: [RecognitionValue] = []
  private(set) var failure: Failure?
  private(set) var availability: [Bool] = []

  static func authorize() async -> SFSpeechRecognizerAuthorizationStatus {
    await withCheckedContinuation { continuation in
      SFSpeechRecognizer.requestAuthorization { continuation.resume(returning: $0) }
    }
  }

  func start(_ request: SFSpeechAudioBufferRecognitionRequest) {
    let recognizer = SFSpeechRecognizer(locale: Locale(identifier: "en-US"))!
    let delegate = AvailabilityDelegate { [weak self] in self?.availability.append($0) }
    recognizer.delegate = delegate
    (self.recognizer, self.delegate) = (recognizer, delegate)
    let engine = AVAudioEngine()
    audioEngine = engine
    do {
      let session = AVAudioSession.sharedInstance()
      try session.setCategory(.record, mode: .measurement, options: .duckOthers)
      try session.setActive(true, options: .notifyOthersOnDeactivation)
    } catch {
      failure = .couldntConfigureAudioSession
      return
    }
    inputNode = engine.inputNode
    recognitionTask = recognizer.recognitionTask(with: request) { [weak self] result, error in
      switch (result, error) {
      case (.some(let result), _): self?.values.append(RecognitionValue(result))
      case (_, .some): self?.failure = .taskError
      case (.none, .none): self?.failure = .taskError
      }
    }
    inputNode!.installTap(onBus: 0, bufferSize: 1024, format: inputNode!.outputFormat(forBus: 0)) { buffer, _ in
      request.append(buffer)
    }
    engine.prepare()
    do { try engine.start() } catch { failure = .couldntStartAudioEngine }
  }

  func finish() {
    audioEngine?.stop()
    inputNode?.removeTap(onBus: 0)
    recognitionTask?.finish()
  }

  func cancel() {
    audioEngine?.stop()
    inputNode?.removeTap(onBus: 0)
    recognitionTask?.cancel()
  }
}
