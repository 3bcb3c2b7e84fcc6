import Foundation

/// The domain of the Speech framework's errors, `"SFSpeechErrorDomain"` — Apple's global constant,
/// which apps compare with `(error as NSError).domain`.
public let SFSpeechErrorDomain: String = SFSpeechError.errorDomain

// What Swift's import of Apple's `NS_ERROR_ENUM(SFSpeechErrorDomain, SFSpeechErrorCode)` adds to the
// bridged error: `catch SFSpeechError.timeout` patterns, the aliased codes, `userInfo`.
extension SFSpeechError {
  /// Creates an error with a code and a user-info dictionary, as Apple's bridged initializer does;
  /// `NSLocalizedDescriptionKey` becomes ``message``.
  public init(_ code: Code, userInfo: [String: Any]) {
    self.init(code, message: userInfo[NSLocalizedDescriptionKey] as? String)
  }

  /// The user-info dictionary of the bridged `NSError` (``errorUserInfo``).
  public var userInfo: [String: Any] { errorUserInfo }

  /// `SFSpeechError.Code.internalServiceError` (Apple's aliased code).
  public static var internalServiceError: Code { .internalServiceError }
  /// `SFSpeechError.Code.audioReadFailed` (Apple's aliased code).
  public static var audioReadFailed: Code { .audioReadFailed }
  /// `SFSpeechError.Code.undefinedTemplateClassName` (Apple's aliased code).
  public static var undefinedTemplateClassName: Code { .undefinedTemplateClassName }
  /// `SFSpeechError.Code.malformedSupplementalModel` (Apple's aliased code).
  public static var malformedSupplementalModel: Code { .malformedSupplementalModel }
  /// `SFSpeechError.Code.timeout` (Apple's aliased code).
  public static var timeout: Code { .timeout }
  /// `SFSpeechError.Code.missingParameter` (Apple's aliased code).
  public static var missingParameter: Code { .missingParameter }
}

extension SFSpeechError.Code {
  /// Matches an error of the Speech domain with this code, so `catch SFSpeechError.timeout` and
  /// `case SFSpeechError.Code.noModel` work on any thrown error, as with Apple's bridged codes.
  /// - Parameters:
  ///   - match: The code to look for.
  ///   - error: A thrown error (an `SFSpeechError`, or an `NSError` of ``SFSpeechErrorDomain``).
  /// - Returns: True when the error is in the Speech domain with this code.
  public static func ~= (match: SFSpeechError.Code, error: any Error) -> Bool {
    if let speechError = error as? SFSpeechError { return speechError.code == match }
    let nsError = error as NSError
    return nsError.domain == SFSpeechErrorDomain && nsError.code == match.rawValue
  }
}
