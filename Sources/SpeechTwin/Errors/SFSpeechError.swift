import Foundation

/// An error from the Speech framework, in the domain `SFSpeechErrorDomain` — the twin of Apple's
/// bridged `SFSpeechError`.
///
/// Match on ``code`` as with Apple's type:
///
/// ```swift
/// do { try await analyzer.prepareToAnalyze(in: format) }
/// catch let error as SFSpeechError where error.code == .noModel { showDownloadPrompt() }
/// ```
///
/// The twin's errors carry the message a device shows in `localizedDescription`; where that message
/// is misleading (a missing asset reported as an unsupported audio format), the simulation also
/// records a diagnostic with the real cause.
public struct SFSpeechError: Error, Hashable, Sendable, CustomNSError, LocalizedError, CustomStringConvertible {
  /// The error code.
  public let code: Code
  /// The message a device would show, in `localizedDescription`.
  public let message: String

  /// Creates an error with a code and the message a device would show.
  public init(_ code: Code, message: String? = nil) {
    self.code = code
    self.message = message ?? code.defaultMessage
  }

  /// `SFSpeechErrorDomain`.
  public static var errorDomain: String { "SFSpeechErrorDomain" }
  /// The code's raw value, as `NSError.code`.
  public var errorCode: Int { code.rawValue }
  /// `NSLocalizedDescriptionKey` carries ``message``.
  public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
  /// ``message``.
  public var errorDescription: String? { message }
  /// `SFSpeechErrorDomain Code=N "message"`, as an `NSError` prints on a device.
  public var description: String { "\(Self.errorDomain) Code=\(code.rawValue) \"\(message)\"" }
}
