// A file of the app exactly as it is written for Apple's frameworks: Apple's module names, and
// `Speech.SpeechTranscriber` qualified as some apps do. On Linux it compiles unchanged through
// speech-replay's modules of the same names (product AppleModuleNames; see Package.swift); on a Mac
// it compiles against Apple's frameworks.
import AVFoundation
import Speech

/// What the app's settings screen says about dictation before the user taps the microphone.
@available(macOS 26, iOS 26, *)
public enum MicrophoneReadiness {
  /// One line for the settings screen.
  /// - Parameter locale: The dictation language.
  /// - Returns: "Ready.", or what stands in the way.
  public static func check(locale: Locale) async -> String {
    guard await AVAudioApplication.requestRecordPermission() else { return "The microphone is off." }
    guard Speech.SpeechTranscriber.isAvailable else { return "Dictation is not available on this device." }
    let transcriber = Speech.SpeechTranscriber(locale: locale, preset: .transcription)
    switch await AssetInventory.status(forModules: [transcriber]) {
    case .installed: return "Ready."
    case .unsupported: return "\(locale.identifier) is not supported."
    default: return "The \(locale.identifier) model needs a download."
    }
  }
}
