public import Simulation

extension TraceEvent.Kind {
  /// `SFSpeechRecognizer.requestAuthorization` answered (field `status`).
  public static let recognizerAuthorization = TraceEvent.Kind("recognizer.authorization")
  /// A recognition task started (fields `task`, `locale`, `source`, `onDevice`, `partialResults`, `taskHint`).
  public static let recognitionTaskStarted = TraceEvent.Kind("recognizer.task.start")
  /// A task delivered a result (fields `task`, `final`, `text`).
  public static let recognitionResult = TraceEvent.Kind("recognizer.result")
  /// A task took a buffer the app appended to its request (fields `task`, `start` and `end` on the
  /// task's audio timeline in seconds, `format`): the legacy recognizer's counterpart of
  /// `analyzer.input`, which the hearing invariant reads the same way. Buffers ignored for a format
  /// change are not recorded (their diagnostic says so).
  public static let recognitionInput = TraceEvent.Kind("recognizer.input")
  /// The audio of a task ended (fields `task` when known, `source`: `endAudio` or `finish`).
  public static let recognitionAudioEnded = TraceEvent.Kind("recognizer.audio.end")
  /// A task was cancelled (field `task`).
  public static let recognitionTaskCancelled = TraceEvent.Kind("recognizer.task.cancel")
  /// A task ended (fields `task`, `outcome`: `final`, `error` or `cancelled`, `error`).
  public static let recognitionTaskFinished = TraceEvent.Kind("recognizer.task.finish")
  /// A recognizer's availability changed with the network (fields `locale`, `available`).
  public static let recognizerAvailability = TraceEvent.Kind("recognizer.availability")
  /// A custom language model was prepared (fields `model`, `duration`, `outcome`).
  public static let languageModelPrepared = TraceEvent.Kind("languageModel.prepare")
  /// A recognition named a custom language model (fields `model`, `prepared`, `used`).
  public static let languageModelUse = TraceEvent.Kind("languageModel.use")
}

extension ResourceKind {
  /// `SFSpeechRecognitionTask`s started and not yet completed (final result, error or cancel).
  public static let openRecognitionTasks: ResourceKind = "open recognition tasks"
}
