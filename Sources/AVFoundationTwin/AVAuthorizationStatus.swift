/// Whether the app may capture a media type — the twin of `AVAuthorizationStatus` (Apple's raw values).
public enum AVAuthorizationStatus: Int, Sendable, Hashable {
  /// Not asked yet.
  case notDetermined = 0
  /// The user cannot grant access (parental controls, device management).
  case restricted = 1
  /// The user said no.
  case denied = 2
  /// The user said yes.
  case authorized = 3
}
