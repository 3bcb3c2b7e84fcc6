public import Foundation

/// A non-audio event of a capture: what the app reported, with when it arrived relative to the
/// audio recorded so far.
public struct CaptureEvent: Sendable, Hashable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Sendable, Hashable, Codable {
    /// The format the analyzer asked for (`bestAvailableAudioFormat`), or nil when it gave none.
    case analyzerFormat(CaptureFormat?)
    /// `AVAudioEngineConfigurationChange` arrived; the hardware format after it, if known.
    case configurationChange(hardwareFormat: CaptureFormat?)
    /// `AVAudioSession.routeChangeNotification` arrived with this reason; the new hardware format, if known.
    case routeChange(reason: String, hardwareFormat: CaptureFormat?)
    /// An interruption began, or ended with the system's resume hint.
    case interruption(began: Bool, shouldResume: Bool)
    /// A transcriber published a result.
    case result(CaptureResult)
    /// The speech asset's status for a locale (`installed`, `downloading`…).
    case assetStatus(locale: String, status: String)
    /// Install or download progress of a locale's asset, 0…1.
    case assetProgress(locale: String, fractionCompleted: Double)
    /// Installing or downloading an asset failed.
    case assetError(locale: String, message: String)
    /// The record permission (`granted`, `denied`, `undetermined`).
    case permission(String)
    /// The user did something.
    case action(CaptureAction)
    /// The UI the app rendered.
    case uiState(CaptureUIState)
    /// A note the app adds (anything else worth knowing when debugging).
    case note(String)

    /// The name stored in the `kind` column.
    public var name: String {
      switch self {
      case .analyzerFormat: "analyzerFormat"
      case .configurationChange: "configurationChange"
      case .routeChange: "routeChange"
      case .interruption: "interruption"
      case .result: "result"
      case .assetStatus: "assetStatus"
      case .assetProgress: "assetProgress"
      case .assetError: "assetError"
      case .permission: "permission"
      case .action: "action"
      case .uiState: "uiState"
      case .note: "note"
      }
    }

    /// Every kind name this version reads.
    static let knownNames: Set<String> = [
      "analyzerFormat", "configurationChange", "routeChange", "interruption", "result", "assetStatus",
      "assetProgress", "assetError", "permission", "action", "uiState", "note",
    ]

    /// The kind name of a stored payload this version does not know (a newer recorder's kind,
    /// `{"newKind": {…}}`), or nil when the payload names a known kind or is not one kind at all (damage).
    static func unknownKindName(ofPayload payload: String) -> String? {
      guard let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any],
        object.count == 1, let name = object.keys.first, !knownNames.contains(name),
        name.count <= 100, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      else { return nil }
      return name
    }
  }

  /// The event's position among the capture's events (0-based).
  public var index: Int
  /// Seconds of audio the recorder had received (tap buffers, dropped ones included) when the event arrived.
  public var audioTime: Double
  /// The wall-clock time the event arrived.
  public var wallTime: Date
  /// What happened.
  public var kind: Kind

  /// Creates an event.
  public init(index: Int, audioTime: Double, wallTime: Date, kind: Kind) {
    self.index = index
    self.audioTime = audioTime
    self.wallTime = wallTime
    self.kind = kind
  }

  /// `12.300 s result: final 0.480–1.920 s "…"`.
  public var description: String {
    "\(audioTime.formatted(.number.precision(.fractionLength(3)))) s \(kind.name): \(kind)"
  }
}
