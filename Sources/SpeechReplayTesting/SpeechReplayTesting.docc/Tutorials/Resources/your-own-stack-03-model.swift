// Examples/YourOwnStack/Sources/Dictation/DictationModel.swift
// swift-format-ignore-file
import SpeechShim

/// The dictation screen's model, as our app ships it: the text the screen shows, its status, and
/// the record button's two actions. Written against Apple's Speech and AVFAudio (through
/// `SpeechShim`, which is Apple's frameworks on iOS).
@MainActor
public final class DictationModel {
  // …
  /// The record button: checks the language, permission and model, then records.
  public func startRecording() async {
    // …
    var format: AVAudioFormat?
    if !options.asksFormatAfterModel { format = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [module]) }
    do {
      try await installModelIfNeeded(for: module, attempt: attempt)
    } catch {
      if attempt == self.attempt { show(.failed("The \(options.locale.identifier) language couldn't be downloaded. Check your connection and try again.")) }
      return
    }
    guard attempt == self.attempt else { return }  // stopped while downloading
    if options.asksFormatAfterModel { format = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [module]) }
    guard let format else {
      show(.failed("Dictation couldn't start. Please try again."))
      return
    }
    // …
  }
  // …
}
