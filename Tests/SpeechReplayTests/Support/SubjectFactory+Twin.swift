import SpeechReplay

extension SubjectFactory {
  /// The test subject on the twins.
  static let twin = SubjectFactory(name: "TwinSubject") { options in TwinSubject(options: options) }

  /// The test subject on the twins, handing each instance to `keep` so a test can read its events.
  static func twin(keeping keep: @escaping @MainActor @Sendable (TwinSubject) -> Void) -> SubjectFactory {
    SubjectFactory(name: "TwinSubject") { options in
      let subject = TwinSubject(options: options)
      keep(subject)
      return subject
    }
  }
}
