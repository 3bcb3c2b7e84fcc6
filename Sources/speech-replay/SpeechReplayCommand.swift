import ArgumentParser

/// The `speech-replay` command line: a thin front end over the library modules.
@main
struct SpeechReplayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "speech-replay",
    abstract: "Replay captured audio and scripted speech-model behaviour through a live-transcription stack.",
    subcommands: [AudioCommand.self])
}
