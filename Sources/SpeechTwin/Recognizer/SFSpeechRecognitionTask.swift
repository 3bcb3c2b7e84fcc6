import Foundation
import SimulatedDevice
import Simulation
import Synchronization

/// A running recognition: its state, and the means to finish or cancel it — the twin of Apple's
/// `SFSpeechRecognitionTask`. Made by ``SFSpeechRecognizer/recognitionTask(with:resultHandler:)``
/// or ``SFSpeechRecognizer/recognitionTask(with:delegate:)``.
///
/// The task runs on the simulated device in virtual time: it reads the request's audio as it
/// arrives, has the device's speech model (the scripted model) recognize it, and delivers
/// cumulative results on the main actor — partial ones when the request asks for them, and one
/// final result after the audio ends (`endAudio()` or ``finish()``). A task whose audio never ends
/// never delivers its final result and stays open in the ledger (`open recognition tasks`).
public final class SFSpeechRecognitionTask: @unchecked Sendable {
  private let status = Mutex(Status())
  private let liveObjects = LiveObjectTracker(SFSpeechRecognitionTask.self)
  let name: String
  let receiver: RecognitionReceiver
  let source: RecognitionAudioSource

  struct Status {
    var state = SFSpeechRecognitionTaskState.starting
    var isFinishing = false
    var isCancelled = false
    var error: (any Error)?
    var completed = false
    var lease: LedgerLease?
    /// The monitor that compares the task's live audio with the tap, told when the task ends.
    var conservation: AudioConservation?
  }

  init(name: String, receiver: RecognitionReceiver, source: RecognitionAudioSource) {
    self.name = name
    self.receiver = receiver
    self.source = source
  }

  /// The task's state.
  public var state: SFSpeechRecognitionTaskState { status.withLock { $0.state } }

  /// True once the audio input has stopped (`endAudio()`, ``finish()`` or the end of the file).
  public var isFinishing: Bool { status.withLock { $0.isFinishing } }

  /// True once the task was cancelled.
  public var isCancelled: Bool { status.withLock { $0.isCancelled } }

  /// The error that ended the task, if any.
  public var error: (any Error)? { status.withLock { $0.error } }

  /// Stops accepting audio and finishes recognizing what was already accepted; the final result
  /// follows. No effect on URL requests (the file is read at once) or after the task ended.
  public func finish() {
    guard !status.withLock({ $0.completed || $0.isCancelled }) else { return }
    Simulation.current?.trace.record(.recognitionAudioEnded, ["task": name, "source": "finish"])
    source.finish?()
  }

  /// Cancels the task: no more results; the handler receives the cancellation error
  /// (`kLSRErrorDomain` 301 "Recognition request was canceled") and the delegate
  /// `speechRecognitionTaskWasCancelled(_:)` then `didFinishSuccessfully: false`.
  public func cancel() {
    let first = status.withLock { status -> Bool in
      guard !status.completed, !status.isCancelled else { return false }
      status.isCancelled = true
      status.state = .canceling
      return true
    }
    guard first else { return }
    Simulation.current?.trace.record(.recognitionTaskCancelled, ["task": name])
    source.finish?()
    let error = LegacyRecognitionError.cancelled
    Task { await self.complete(error: error, cancelled: true) }
  }

  // MARK: Internal state changes

  func setRunning(lease: LedgerLease?, conservation: AudioConservation?) {
    status.withLock { status in
      if status.state == .starting { status.state = .running }
      status.lease = lease
      status.conservation = conservation
    }
  }

  func setFinishing() -> Bool {
    status.withLock { status in
      guard !status.completed, !status.isCancelled else { return false }
      status.isFinishing = true
      status.state = .finishing
      return true
    }
  }

  var isOver: Bool { status.withLock { $0.completed || $0.isCancelled } }

  /// Ends the task once: sets the state, releases the ledger entry, tells the handler or delegate.
  func complete(
    final result: SFSpeechRecognitionResult? = nil, error: (any Error)? = nil, cancelled: Bool = false,
    audioDuration: TimeInterval = 0
  ) async {
    let (first, lease, conservation) = status.withLock { status -> (Bool, LedgerLease?, AudioConservation?) in
      guard !status.completed else { return (false, nil, nil) }
      if status.isCancelled && !cancelled { return (false, nil, nil) }  // cancel() completes it
      status.completed = true
      status.state = .completed
      status.isFinishing = true
      status.error = error
      defer {
        status.lease = nil
        status.conservation = nil
      }
      return (true, status.lease, status.conservation)
    }
    guard first else { return }
    try? lease?.release()
    // An error ends the task's hearing as an analyzer's failure does: the tap's audio has nowhere
    // to go until the app starts another task. A cancel is the app's own choice.
    conservation?.recognizerEnded(
      name, failed: error != nil && !cancelled, virtualTime: (Simulation.current?.now ?? .zero).seconds)
    Simulation.current?.trace.record(
      .recognitionTaskFinished,
      [
        "task": name, "outcome": result != nil ? "final" : cancelled ? "cancelled" : "error",
        "error": error.map { "\(($0 as NSError).domain) \(($0 as NSError).code)" } ?? "none",
      ])
    let receiver = receiver
    await MainActor.run {
      switch receiver {
      case .handler(let handler):
        handler.call(result, error)
      case .delegate(let box):
        guard let delegate = box.value else { return }
        if cancelled { delegate.speechRecognitionTaskWasCancelled(self) }
        if let result {
          delegate.speechRecognitionTask(self, didProcessAudioDuration: audioDuration)
          delegate.speechRecognitionTask(self, didFinishRecognition: result)
        }
        delegate.speechRecognitionTask(self, didFinishSuccessfully: result != nil)
      }
    }
  }
}

/// Who receives a task's results: the result handler, or the (weakly held) delegate.
enum RecognitionReceiver: Sendable {
  case handler(RecognitionResultHandler)
  case delegate(WeakTaskDelegate)
}

/// The app's result handler, called only on the main actor.
final class RecognitionResultHandler: @unchecked Sendable {
  private let handler: (SFSpeechRecognitionResult?, (any Error)?) -> Void
  init(_ handler: @escaping (SFSpeechRecognitionResult?, (any Error)?) -> Void) { self.handler = handler }
  func call(_ result: SFSpeechRecognitionResult?, _ error: (any Error)?) { handler(result, error) }
}

/// The task's delegate, weakly referenced as Apple's task does; used only on the main actor.
final class WeakTaskDelegate: @unchecked Sendable {
  weak var value: (any SFSpeechRecognitionTaskDelegate)?
  init(_ value: any SFSpeechRecognitionTaskDelegate) { self.value = value }
}
