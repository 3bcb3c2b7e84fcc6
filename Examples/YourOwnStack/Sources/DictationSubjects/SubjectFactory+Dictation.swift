import Dictation
public import SpeechReplay

extension SubjectFactory {
  /// The dictation feature as release 1.0 shipped it: it asks for the analyzer's format before the
  /// language's model is installed, so a first run fails after downloading the model.
  public static let dictation = dictationFactory(name: "dictation", asksFormatAfterModel: false)

  /// Release 1.1: the model first, then the format.
  public static let dictationFixed = dictationFactory(name: "dictation-fixed", asksFormatAfterModel: true)

  /// Release 1.1 on the 26 SDK's microphone path (`installTap`, its own `AVAudioConverter`): on
  /// Linux `#available(iOS 27, macOS 27, *)` is true, so the other subjects run the 27 path.
  public static let dictationFixed26 = SubjectFactory(
    name: "dictation-fixed-26", presets: ["file"], capabilities: [.fileTranscription, .dictationFallback]
  ) { options in
    if options.preset == "file" { return try MemoSubject(options: options) }
    return DictationSubject(options: options, asksFormatAfterModel: true, usesSDK26Input: true)
  }

  /// The dictation screen alone, as an app without a voice-memo screen and without the fallback to
  /// `DictationTranscriber` ships it: it declares no capabilities, so the bundled scenarios for
  /// those features are skipped (with the reason), and every other scenario passes unedited.
  public static let dictationLive = SubjectFactory(name: "dictation-live") { options in
    DictationSubject(options: options, asksFormatAfterModel: true, fallsBackToDictation: false)
  }

  /// `preset: file` runs the voice-memo screen; any other scenario the dictation screen, which falls
  /// back to `DictationTranscriber` where `SpeechTranscriber` is unavailable.
  private static func dictationFactory(name: String, asksFormatAfterModel: Bool) -> SubjectFactory {
    SubjectFactory(name: name, presets: ["file"], capabilities: [.fileTranscription, .dictationFallback]) { options in
      if options.preset == "file" { return try MemoSubject(options: options) }
      return DictationSubject(options: options, asksFormatAfterModel: asksFormatAfterModel)
    }
  }
}

extension SubjectFactory {
  /// The voice-note screen as real apps write it (``VoiceNoteRecorder``): the legacy recognizer,
  /// `Locale.current`, main-queue UI updates and a silence timer. It declares what it is, so the
  /// scenarios about SpeechAnalyzer and about pauses longer than its silence timer waits are
  /// skipped, and the device's locale is the scenario's.
  public static let voiceNotes = voiceNotesFactory(name: "voice-notes", bug: .none)

  /// The same screen with `endAudio()` left out of the stop.
  public static let voiceNotesWithoutEndAudio = voiceNotesFactory(name: "voice-notes-no-end-audio", bug: .neverEndsAudio)

  /// The same screen with the silence timer left running at the stop.
  public static let voiceNotesStaleTimer = voiceNotesFactory(name: "voice-notes-stale-timer", bug: .silenceTimerNeverCancelled)

  /// The same screen starting a new recognition task at a route change.
  public static let voiceNotesNewTaskAtRouteChange = voiceNotesFactory(
    name: "voice-notes-new-task-at-route-change", bug: .newTaskAtRouteChange)

  private static func voiceNotesFactory(name: String, bug: VoiceNoteRecorder.Bug) -> SubjectFactory {
    SubjectFactory(name: name, capabilities: [.legacyRecognizer, .followsDeviceLocale, .stopsAfterSilence]) { _ in
      VoiceNoteSubject(bug: bug)
    }
  }
}
