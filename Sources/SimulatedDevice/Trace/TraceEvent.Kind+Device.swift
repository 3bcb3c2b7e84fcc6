public import Simulation

extension TraceEvent.Kind {
  /// The device's network availability was set (field `available`).
  public static let deviceNetwork = TraceEvent.Kind("device.network")
  /// The record permission was set (field `record`: `undetermined`, `denied` or `granted`).
  public static let devicePermission = TraceEvent.Kind("device.permission")
  /// The app asked for record permission (field `answer`).
  public static let devicePermissionRequest = TraceEvent.Kind("device.permission.request")
  /// The system's record-permission prompt was shown (fields `answer`, `grant` or `deny`, and
  /// `answeredAt`, the virtual second the user answers it).
  public static let devicePermissionPrompt = TraceEvent.Kind("device.permission.prompt")
  /// The microphone's file started or stopped playing (``MicrophonePlayEvent``).
  public static let microphonePlay = TraceEvent.Kind("microphone.play")
  /// The audio route changed (fields `sampleRate`, `channels`).
  public static let microphoneRoute = TraceEvent.Kind("microphone.route")
  /// An interruption began or ended (fields `phase`, and `shouldResume` when it ended).
  public static let microphoneInterruption = TraceEvent.Kind("microphone.interruption")
  /// A failure of the audio system was injected (field `fault`, as the `audioSystem:` step writes it).
  public static let audioSystemFault = TraceEvent.Kind("device.audioSystem")
}
