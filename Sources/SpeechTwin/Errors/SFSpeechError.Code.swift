extension SFSpeechError {
  /// The codes of `SFSpeechErrorDomain`.
  ///
  /// The Objective-C cases keep Apple's raw values. Apple does not publish the raw values of the
  /// Swift-only cases; the twin's choice follows the codes seen in the field (Documentation/Twins.md).
  public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric code, as in `NSError.code`.
    public let rawValue: Int

    /// Creates a code from its raw value; never nil (an unknown value is kept, as Apple's imported
    /// `NS_ERROR_ENUM` keeps it), but optional as Apple's is, so `if let code = …` compiles.
    public init?(rawValue: Int) { self.rawValue = rawValue }

    /// A code from the numbers of the simulated model's failures.
    package init(_ rawValue: Int) { self.rawValue = rawValue }

    /// An internal error of the speech service.
    public static let internalServiceError = Code(1)
    /// Reading audio failed.
    public static let audioReadFailed = Code(2)
    /// A template class name in a custom language model is undefined.
    public static let undefinedTemplateClassName = Code(7)
    /// A supplemental language model is malformed.
    public static let malformedSupplementalModel = Code(8)
    /// An operation timed out.
    public static let timeout = Code(12)
    /// A required parameter is missing.
    public static let missingParameter = Code(13)

    /// Input audio overlaps or precedes audio given earlier.
    public static let audioDisordered = Code(17)
    /// Input audio is in a format the modules do not take.
    public static let unexpectedAudioFormat = Code(3)
    /// No model is available or downloadable for the locale and options.
    public static let noModel = Code(4)
    /// A module needs a locale that is not reserved.
    public static let assetLocaleNotAllocated = Code(10)
    /// Reserving one more locale would exceed the limit.
    public static let tooManyAssetLocalesAllocated = Code(11)
    /// The modules share no audio format.
    public static let incompatibleAudioFormats = Code(5)
    /// A module's result task failed.
    public static let moduleOutputFailed = Code(6)
    /// The locale cannot be reserved because no asset supports it.
    public static let cannotAllocateUnsupportedLocale = Code(14)
    /// The device lacks the resources (for example, too many simultaneous analyzers).
    public static let insufficientResources = Code(16)
    /// The audio system could not be configured (27.0).
    public static let cannotConfigureAudioSystem = Code(18)

    /// The case name, for reports.
    public var description: String { Self.names[rawValue] ?? "SFSpeechError.Code(rawValue: \(rawValue))" }

    var defaultMessage: String {
      Self.messages[rawValue]
        ?? "The operation couldn’t be completed. (\(SFSpeechError.errorDomain) error \(rawValue).)"
    }

    private static let names: [Int: String] = [
      1: "internalServiceError", 2: "audioReadFailed", 3: "unexpectedAudioFormat", 4: "noModel",
      5: "incompatibleAudioFormats", 6: "moduleOutputFailed", 7: "undefinedTemplateClassName",
      8: "malformedSupplementalModel", 10: "assetLocaleNotAllocated", 11: "tooManyAssetLocalesAllocated",
      12: "timeout", 13: "missingParameter", 14: "cannotAllocateUnsupportedLocale", 16: "insufficientResources",
      17: "audioDisordered", 18: "cannotConfigureAudioSystem",
    ]

    // Messages as devices print them where they have been seen; otherwise a plain description.
    private static let messages: [Int: String] = [
      3: "Audio format is not supported",
      4: "No model is available for this locale and configuration",
      10: "Cannot use modules with unallocated locales",
      11: "Too many allocated locales",
      16: "Maximum number of simultaneous requests reached",
      17: "Audio input is out of order",
    ]
  }
}
