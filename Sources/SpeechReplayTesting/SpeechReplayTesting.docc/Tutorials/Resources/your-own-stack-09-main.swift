// Examples/YourOwnStack/Sources/dictation-replay/main.swift
// swift-format-ignore-file
import DictationSubjects
import SpeechReplayCLI

// Every command of `speech-replay` (run with workers, shards, reports, --record, history, compare,
// explain, capture…) for the app's own subjects; the first is the default.
await SpeechReplayCLI.main(subjects: [
  .dictation, .dictationFixed, .dictationLive, .dictationFixed26, .voiceNotes, .voiceNotesWithoutEndAudio,
  .voiceNotesStaleTimer,
])
