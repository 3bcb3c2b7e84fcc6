import ReferenceSubjects
import SpeechReplayCLI

/// `speech-replay`: the command line with the repository's reference stack as its subject.
@main
enum SpeechReplayMain {
  static func main() async {
    // The bug zoo's faults are known to the reference subjects alone: checked in the parent all the same.
    await SpeechReplayCLI.main(
      subjects: [.reference, .reference27], checkingEnvironment: ScenarioCapture.checkEnvironment)
  }
}
