// Examples/YourOwnStack/Sources/DictationSubjects/SubjectFactory+Dictation.swift
// swift-format-ignore-file
public import SpeechReplay

extension SubjectFactory {
  /// The dictation feature as release 1.0 shipped it: it asks for the analyzer's format before the
  /// language's model is installed, so a first run fails after downloading the model.
  public static let dictation = dictationFactory(name: "dictation", asksFormatAfterModel: false)

  /// Release 1.1: the model first, then the format.
  public static let dictationFixed = dictationFactory(name: "dictation-fixed", asksFormatAfterModel: true)

  /// `preset: file` runs the voice-memo screen; any other scenario the dictation screen.
  private static func dictationFactory(name: String, asksFormatAfterModel: Bool) -> SubjectFactory {
    SubjectFactory(name: name, presets: ["file"]) { options in
      if options.preset == "file" { return try MemoSubject(options: options) }
      return DictationSubject(options: options, asksFormatAfterModel: asksFormatAfterModel)
    }
  }
}
