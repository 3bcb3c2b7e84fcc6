import CoreMediaTwin
import SimulatedDevice
import Simulation

extension SpeechAnalyzer {
  /// A transcription module in the analysis with its model recognizer and how far its results are final.
  /// Only touched on the analyzer's actor, or in `deinit` when nothing else can reach it; the
  /// recognizer is a plain class the actor owns, hence the unchecked conformance.
  struct TranscriberSlot: @unchecked Sendable {
    let module: any TranscriptionModule
    let recognizer: any SpeechRecognizing
    /// The latest `resultsFinalizationTime` published for the module.
    var finalizedThrough: CMTime
  }

  /// A model output waiting for its publication time.
  struct Publication {
    let sequence: Int
    let due: VirtualClock.Instant
    let moduleIndex: Int
    let output: RecognizerOutput
  }

  /// A caller waiting until audio up to `time` has been consumed.
  struct ConsumptionWaiter {
    let time: CMTime
    let continuation: CheckedContinuation<Void, any Error>
  }
}
