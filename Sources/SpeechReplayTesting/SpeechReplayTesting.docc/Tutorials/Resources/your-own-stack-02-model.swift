// Examples/YourOwnStack/Sources/Dictation/DictationModel.swift
// swift-format-ignore-file
import SpeechShim

/// The dictation screen's model, as our app ships it: the text the screen shows, its status, and
/// the record button's two actions. Written against Apple's Speech and AVFAudio (through
/// `SpeechShim`, which is Apple's frameworks on iOS).
@MainActor
public final class DictationModel {
  // …
}
