public import Simulation

extension TraceEvent.Kind {
  /// `AVAudioSession.setCategory` was called (fields `category`, `mode`, `options` as the raw option bits).
  public static let sessionCategory = TraceEvent.Kind("session.category")
  /// `AVAudioSession.setActive` was called (field `active`).
  public static let sessionActive = TraceEvent.Kind("session.active")
  /// A tap was installed on a node (fields `node`, `bus`, `bufferSize`).
  public static let tapInstall = TraceEvent.Kind("tap.install")
  /// A tap was removed from a node (fields `node`, `bus`).
  public static let tapRemove = TraceEvent.Kind("tap.remove")
  /// The engine started (fields `input`, `format`).
  public static let engineStart = TraceEvent.Kind("engine.start")
  /// The engine paused.
  public static let enginePause = TraceEvent.Kind("engine.pause")
  /// A running engine stopped.
  public static let engineStop = TraceEvent.Kind("engine.stop")
  /// The input node rendered one hardware buffer (``EngineBufferEvent``).
  public static let engineBuffer = TraceEvent.Kind("engine.buffer")
  /// The engine's configuration changed and it stopped (field `wasRunning`).
  public static let engineConfigurationChange = TraceEvent.Kind("engine.configurationChange")
  /// An interruption stopped the engine.
  public static let engineInterrupted = TraceEvent.Kind("engine.interrupted")
  /// An `AVAudioConverter` call converted audio (fields `from`, `to`, `frames`, `pending`, `status`).
  public static let converterConvert = TraceEvent.Kind("converter.convert")
  /// An `AVAudioRecorder` started or resumed recording (field `url`: the file's name).
  public static let recorderRecord = TraceEvent.Kind("recorder.record")
  /// An `AVAudioRecorder` paused.
  public static let recorderPause = TraceEvent.Kind("recorder.pause")
  /// An `AVAudioRecorder` finished its file (field `successfully`).
  public static let recorderStop = TraceEvent.Kind("recorder.stop")
  /// `AVAudioApplication.setInputMuted(_:)` changed the input mute state (field `muted`).
  public static let audioApplicationInputMute = TraceEvent.Kind("audioApplication.inputMute")
}
