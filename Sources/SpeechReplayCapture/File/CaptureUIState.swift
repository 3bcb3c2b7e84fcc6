/// What the app's transcription UI showed, as the app reports it: the text it committed, the
/// volatile guess, its phase and whether the microphone control was offered or live.
public struct CaptureUIState: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The committed (final) text on screen.
  public var committed: String
  /// The volatile guess on screen.
  public var volatile: String
  /// The phase the UI shows, in the app's words (`idle`, `preparing 40%`, `listening`, `failed: …`).
  public var phase: String
  /// The microphone control as shown (`offered`, `hidden`, `live`…), in the app's words.
  public var microphone: String

  /// Creates a UI state.
  public init(committed: String, volatile: String, phase: String, microphone: String) {
    self.committed = committed
    self.volatile = volatile
    self.phase = phase
    self.microphone = microphone
  }

  /// `phase: listening | microphone: offered | committed: "…" | volatile: "…"`.
  public var description: String {
    "phase: \(phase) | microphone: \(microphone) | committed: \"\(committed)\" | volatile: \"\(volatile)\""
  }
}
