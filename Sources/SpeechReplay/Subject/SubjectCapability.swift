/// A feature a stack may or may not have, such as transcribing a recorded file: a scenario that
/// needs one (`subject: { requires: [fileTranscription] }`) is skipped, with the reason, for a
/// subject whose ``SubjectFactory`` does not declare it — never failed.
///
/// ```swift
/// SubjectFactory(name: "dictation", capabilities: [.fileTranscription]) { options in … }
/// ```
///
/// The bundled suite uses the capabilities named here; an app's own scenarios may require names of
/// their own (`requires: [punctuationMenu]`), which its factory then declares as
/// `SubjectCapability("punctuationMenu")`.
public struct SubjectCapability: Sendable, Hashable, Comparable, Codable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The name a scenario's `requires:` uses.
  public var name: String

  /// A capability by name.
  /// - Parameter name: The name a scenario's `requires:` uses.
  public init(_ name: String) { self.name = name }

  /// A capability by name, from a string literal.
  /// - Parameter value: The name.
  public init(stringLiteral value: String) { self.init(value) }

  /// The subject transcribes the scenario's audio file itself (`subject: { preset: file }`, an
  /// ``AudioFileSubject``) rather than hearing it through the microphone.
  public static let fileTranscription = SubjectCapability("fileTranscription")
  /// Where `SpeechTranscriber` is unavailable the stack falls back to `DictationTranscriber`
  /// (`options: { dictationFallback: "true" }` turns it on in the reference stack).
  public static let dictationFallback = SubjectCapability("dictationFallback")

  /// The stack transcribes with `SpeechAnalyzer`: scenarios about its assets (`AssetInventory`
  /// downloads, reservations), `finalize` or finals published while a session goes on require it. Unlike the others it
  /// is assumed of a subject that declares neither it nor ``legacyRecognizer``; for such a subject
  /// the runner also infers it from the run: a stack seen to use only `SFSpeechRecognizer` skips
  /// the scenario, with the reason.
  public static let speechAnalyzer = SubjectCapability("speechAnalyzer")
  /// The stack transcribes with the legacy `SFSpeechRecognizer` (audio appended to an
  /// `SFSpeechAudioBufferRecognitionRequest`): declared alone, scenarios that require
  /// ``speechAnalyzer`` are skipped before they run. A stack that uses both declares both.
  public static let legacyRecognizer = SubjectCapability("legacyRecognizer")
  /// The stack transcribes in the user's locale (`Locale.current`, `SFSpeechRecognizer()`) rather
  /// than the ``SubjectOptions/locale`` it is given: a scenario that asks for another locale than
  /// the simulated device's default (en-US) and sets no `device.locale` runs on a device whose user
  /// locale is the scenario's, as a user sets the phone's language to make such an app transcribe it.
  public static let followsDeviceLocale = SubjectCapability("followsDeviceLocale")

  /// The stack keeps listening through long pauses until the user stops it: scenarios whose
  /// speaker pauses for longer than a silence timer waits (a ten-minute session with a sentence
  /// every 30 s) require it. Like ``speechAnalyzer`` it is assumed of a subject that does not
  /// declare ``stopsAfterSilence``.
  public static let listensThroughPauses = SubjectCapability("listensThroughPauses")
  /// The stack stops listening on its own once nothing new was heard for a while (a silence timer,
  /// as voice-note and search screens have): declared, scenarios that require
  /// ``listensThroughPauses`` are skipped before they run, with the reason.
  public static let stopsAfterSilence = SubjectCapability("stopsAfterSilence")

  /// The stack observes the 27 SDK's `AVAudioSession.didBecomeInactiveNotification` and reads its
  /// `DeactivationContext`: a scenario with a system deactivation that is not an interruption
  /// (`audioSystem: systemDeactivation`), which nothing an app built with the 26 SDK can observe
  /// tells it of, requires it.
  public static let sessionDeactivationContext = SubjectCapability("sessionDeactivationContext")

  /// Every capability the bundled scenarios require: what a stack that has every feature declares.
  public static let bundled: Set<SubjectCapability> = [
    .fileTranscription, .dictationFallback, .speechAnalyzer, .listensThroughPauses, .sessionDeactivationContext,
  ]

  /// The name.
  public var description: String { name }

  /// Orders by name, for messages.
  public static func < (left: SubjectCapability, right: SubjectCapability) -> Bool { left.name < right.name }

  /// Encodes the name alone.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }

  /// Decodes a name.
  public init(from decoder: any Decoder) throws {
    name = try decoder.singleValueContainer().decode(String.self)
  }
}
