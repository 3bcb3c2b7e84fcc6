import SpeechReplay

extension SubjectFactory {
  /// The test subject on the twins.
  static let twin = SubjectFactory(name: "TwinSubject") { options in TwinSubject(options: options) }

}
