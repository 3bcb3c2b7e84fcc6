import ReferenceSubjects
import SpeechReplayCLI

/// `speech-replay`: the command line with the repository's reference stack as its subject.
@main
enum SpeechReplayMain {
  static func main() async {
    await SpeechReplayCLI.main(subjects: [.reference, .reference27])
  }
}
