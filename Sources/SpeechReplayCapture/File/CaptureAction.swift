/// Something the user did, as the app reports it.
public enum CaptureAction: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The user started transcribing (tapped the microphone).
  case start
  /// The user stopped (and expects the last words kept).
  case stop
  /// The user cancelled (and expects nothing more).
  case cancel
  /// The screen that owns the transcriber closed (the app lets go of it); a later `start` comes
  /// from a new one.
  case dismiss
  /// Another action the app names (`retry`, `clear`, `changeLocale:de-DE`…).
  case other(String)

  /// `start`, `stop`, `cancel`, `dismiss` or the other action's name.
  public var description: String {
    switch self {
    case .start: "start"
    case .stop: "stop"
    case .cancel: "cancel"
    case .dismiss: "dismiss"
    case .other(let name): name
    }
  }
}
