public import Simulation

extension TraceEvent.Kind {
  /// `AVAudioSession.setPreferredInput` was called (field `uid`, `none` for nil).
  public static let sessionPreferredInput = TraceEvent.Kind("session.preferredInput")
  /// `AVAudioSession.setPreferredSampleRate` was called (field `sampleRate`).
  public static let sessionPreferredSampleRate = TraceEvent.Kind("session.preferredSampleRate")
  /// `AVAudioSession.setPreferredIOBufferDuration` was called (field `seconds`).
  public static let sessionPreferredIOBufferDuration = TraceEvent.Kind("session.preferredIOBufferDuration")
  /// A port's preferred data source was set (fields `port`, `dataSource`).
  public static let sessionDataSource = TraceEvent.Kind("session.dataSource")
  /// A data source's preferred polar pattern was set (fields `dataSource`, `pattern`).
  public static let sessionPolarPattern = TraceEvent.Kind("session.polarPattern")
  /// A node was attached to the engine (field `node`).
  public static let engineAttach = TraceEvent.Kind("engine.attach")
  /// A node was detached from the engine (field `node`).
  public static let engineDetach = TraceEvent.Kind("engine.detach")
  /// A connection was removed (field `output` or `input`, and `bus` when one bus was named).
  public static let engineDisconnect = TraceEvent.Kind("engine.disconnect")
  /// Voice processing was switched on or off (fields `enabled`, `node`).
  public static let engineVoiceProcessing = TraceEvent.Kind("engine.voiceProcessing")
  /// Voice processing's other-audio ducking configuration was set (fields `advanced`, `level`).
  public static let engineVoiceProcessingDucking = TraceEvent.Kind("engine.voiceProcessingDucking")
  /// An `AVAudioPlayerNode` started playing.
  public static let playerPlay = TraceEvent.Kind("player.play")
  /// An `AVAudioPlayerNode` paused.
  public static let playerPause = TraceEvent.Kind("player.pause")
  /// An `AVAudioPlayerNode` stopped (field `dropped`: scheduled items it dropped).
  public static let playerStop = TraceEvent.Kind("player.stop")
  /// A buffer or file segment was scheduled on a player (fields `kind`, `frames`).
  public static let playerSchedule = TraceEvent.Kind("player.schedule")
  /// A scheduled item finished playing (fields `kind`, `frames`).
  public static let playerCompleted = TraceEvent.Kind("player.completed")
}
