extension AVAudioSession {
  /// Codes of the errors audio-session calls throw (`NSOSStatusErrorDomain`), with Apple's raw
  /// values — four-character codes as integers, and -50 for a bad parameter.
  public enum ErrorCode: Int, Sendable, Hashable {
    /// Success.
    case none = 0
    /// The media server failed (`'msrv'`).
    case mediaServicesFailed = 1_836_282_486
    /// Deactivating a session with running I/O (`'!act'`).
    case isBusy = 560_030_580
    /// The operation does not fit the category (`'!cat'`).
    case incompatibleCategory = 560_161_140
    /// A non-mixable session tried to activate in the background (`'!int'`).
    case cannotInterruptOthers = 560_557_684
    /// A required entitlement is missing (`'ent?'`).
    case missingEntitlement = 1_701_737_535
    /// Siri is recording (`'siri'`).
    case siriIsRecording = 1_936_290_409
    /// Playback is not allowed now (`'!pla'`).
    case cannotStartPlaying = 561_015_905
    /// Recording is not allowed now (`'!rec'`).
    case cannotStartRecording = 561_145_187
    /// A parameter was not valid (-50).
    case badParam = -50
    /// Another session with higher priority holds the hardware, for example a phone call (`'!pri'`).
    case insufficientPriority = 561_017_449
    /// The hardware or resource is not available (`'!res'`).
    case resourceNotAvailable = 561_145_203
    /// Unspecified (`'what'`).
    case unspecified = 2_003_329_396
    /// The session expired (`'!ses'`).
    case expiredSession = 561_210_739
    /// The session is not active (`'inac'`).
    case sessionNotActive = 1_768_841_571
  }
}
