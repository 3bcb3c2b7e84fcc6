// An app's own executable, as TestingYourStack.md has a team write one: the command line library
// with subjects of its own. The command-line tests run the bundled suite through it.
//
//   app-live       the reference stack as an app without file transcription or the dictation
//                  fallback: it declares no capabilities and keeps golden files of its own
//   app-tap-main   the same with its tap block isolated to the main actor (it traps in a worker)
//   app-tap-cycle  the same with a tap block that holds its transcriber strongly: a dismissed
//                  screen's transcriber (and its interruption observer) outlives the scenario
import LiveTranscription
import ReferenceSubjects
import SpeechReplay
import SpeechReplayCLI

let live = SubjectFactory(name: "app-live") { options in
  // The reference's live stack only: a file scenario would run it too, and fail, were it not skipped.
  try SubjectFactory.reference.make(SubjectOptions(locale: options.locale, inputBufferLimit: options.inputBufferLimit))
}
let tapOnMain = SubjectFactory(name: "app-tap-main") { options in
  try SubjectFactory.reference(faults: [.tapBlockIsolatedToMainActor]).make(options)
}
let tapCycle = SubjectFactory(name: "app-tap-cycle") { options in
  try SubjectFactory.reference(faults: [.tapBlockCapturesTranscriber]).make(options)
}
await SpeechReplayCLI.main(subjects: [live, tapOnMain, tapCycle])
