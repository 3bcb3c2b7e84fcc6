public import SpeechReplay

/// The `speech-replay` command line as a library: an app declares its own executable, with its own
/// stack as the subject, in a few lines.
///
/// ```swift
/// import SpeechReplayCLI
///
/// @main struct DictationReplay {
///   static func main() async {
///     await SpeechReplayCLI.main(subjects: [SubjectFactory(name: "dictation") { options in DictationSubject(options) }])
///   }
/// }
/// ```
///
/// `run`, `list`, `explain`, `history`, `compare` and `audio` then work as they do for
/// `speech-replay`; `--subject NAME` chooses a subject by its factory's name (the first by
/// default). `run` starts this same executable as its worker processes, and failure messages name it.
public enum SpeechReplayCLI {
  /// Parses the process's arguments, runs the command and exits.
  /// - Parameter subjects: The stacks scenarios can run against; the first is the default. At least one.
  public static func main(subjects: [SubjectFactory]) async {
    await main(subjects: subjects, checkingEnvironment: { _ in })
  }

  /// Parses the process's arguments, runs the command and exits, first checking the environment
  /// variables only these subjects read (as the documented ones are) in the parent, before any worker starts.
  /// - Parameters:
  ///   - subjects: The stacks scenarios can run against; the first is the default. At least one.
  ///   - checkEnvironment: Throws for a value a variable of the subjects cannot take; the error's
  ///     description is the usage error's one line (exit 64).
  package static func main(
    subjects: [SubjectFactory],
    checkingEnvironment checkEnvironment: @escaping @Sendable ([String: String]) throws -> Void
  ) async {
    var context = CLIContext(subjects: subjects, commandName: CLIContext.invokedName())
    context.checkEnvironment = checkEnvironment
    await CLIContext.$current.withValue(context) {
      await SpeechReplayCommand.main()
    }
  }
}
