import AVFAudioTwin
import CoreMediaTwin
import Foundation
import SimulatedDevice
import Simulation
import Synchronization

/// A module that detects voice activity — the twin of Apple's `SpeechDetector`.
///
/// Add it to an analyzer beside a transcriber. On the simulated device it runs a real energy-based
/// voice-activity detector on the audio the analyzer hands it (20 ms frames against an adaptive
/// noise floor, with a hangover; see `VoiceActivityTracker`). With `reportResults: true` it
/// publishes the timeline as contiguous, final speech / no-speech segments; with `false` (the
/// default, as on Apple's) its results sequence stays empty unless the analysis fails.
///
/// ```swift
/// let detector = SpeechDetector(detectionOptions: .init(sensitivityLevel: .medium), reportResults: true)
/// let analyzer = SpeechAnalyzer(modules: [transcriber, detector])
/// for try await segment in detector.results { print(segment.speechDetected, segment.range) }
/// ```
public final class SpeechDetector: SpeechModule, ModuleAssets, AudioAnalysisModule {
  private let reportResults: Bool
  private let tracker: Mutex<VoiceActivityTracker>
  private let stream: AsyncThrowingStream<Result, any Error>
  private let continuation: AsyncThrowingStream<Result, any Error>.Continuation
  private let liveObjects = LiveObjectTracker(SpeechDetector.self)

  /// Creates a detector.
  /// - Parameters:
  ///   - detectionOptions: The sensitivity.
  ///   - reportResults: Whether ``results`` carries the detected segments.
  public init(detectionOptions: DetectionOptions, reportResults: Bool) {
    self.reportResults = reportResults
    self.tracker = Mutex(VoiceActivityTracker(.init(detectionOptions.sensitivityLevel)))
    (stream, continuation) = AsyncThrowingStream.makeStream(of: Result.self, throwing: (any Error).self)
  }

  /// Creates a detector with medium sensitivity that reports no results.
  public convenience init() {
    self.init(detectionOptions: DetectionOptions(sensitivityLevel: .medium), reportResults: false)
  }

  /// The detected segments when the detector reports results; one sequence per detector.
  public var results: some Sendable & AsyncSequence<Result, any Error> { stream }

  /// The formats the detector takes: the analyzer format (16 kHz mono Int16). It needs no asset, so
  /// this does not depend on what is installed. Synchronous, as on Apple's `SpeechDetector`.
  public var availableCompatibleAudioFormats: [AVAudioFormat] { [AnalyzerFormats.transcription] }

  // MARK: ModuleAssets

  /// None: the detector needs no locale asset.
  package var requiredAssetLocale: String? { nil }
  /// Always: the detector runs on every device that runs an analyzer.
  package var isSupportedOnDevice: Bool { true }

  // MARK: AudioAnalysisModule

  /// The analyzer the detector belongs to.
  package let owner = ModuleOwnership()

  /// Runs voice-activity detection on the analyzer's samples and publishes the segments it decides.
  package func analyze(_ samples: UnsafeBufferPointer<Float>, range: CMTimeRange) {
    publish(tracker.withLock { $0.analyze(samples, range: range) })
  }

  /// Closes the open segment at `time` (bounded by the audio analysed) and publishes it.
  package func finalizeAnalysis(through time: CMTime) {
    publish(tracker.withLock { $0.finalize(through: time) })
  }

  /// Ends the results sequence, throwing `error` from it when the analysis failed.
  package func finishResults(throwing error: (any Error)?) {
    continuation.finish(throwing: error)
  }

  private func publish(_ segments: [VoiceActivityTracker.Segment]) {
    for segment in segments {
      Simulation.current?.trace.record(
        .detectorSegment,
        ["speech": String(segment.speech), "start": String(segment.start.seconds), "end": String(segment.end.seconds)])
      guard reportResults else { continue }
      continuation.yield(
        Result(
          range: CMTimeRange(start: segment.start, end: segment.end), resultsFinalizationTime: segment.end,
          speechDetected: segment.speech))
    }
  }
}
