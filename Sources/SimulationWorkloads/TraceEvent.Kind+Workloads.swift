public import Simulation

extension TraceEvent.Kind {
  /// ``RacyWorkload``: the main actor consumed a stream element (fields `item`, `count`).
  public static let racyMain = TraceEvent.Kind("racy.main")
  /// ``RacyWorkload``: a group child took a step (fields `worker`, `step`).
  public static let racyStep = TraceEvent.Kind("racy.step")
  /// ``RacyWorkload``: an unstructured task ticked (field `tick`).
  public static let racyTick = TraceEvent.Kind("racy.tick")
  /// ``RacyWorkload``: the workload finished (field `consumed`).
  public static let racyDone = TraceEvent.Kind("racy.done")
  /// ``TranscriptionPipelineWorkload``: the producer made its n-th buffer (every 250th; field `buffer`).
  public static let pipelineProduced = TraceEvent.Kind("pipeline.produced")
  /// ``TranscriptionPipelineWorkload``: a noise worker ticked (fields `worker`, `tick`).
  public static let pipelineNoise = TraceEvent.Kind("pipeline.noise")
  /// ``TranscriptionPipelineWorkload``: the UI took a result (fields `final`, `text`, `buffer`).
  public static let pipelineUI = TraceEvent.Kind("pipeline.ui")
}
