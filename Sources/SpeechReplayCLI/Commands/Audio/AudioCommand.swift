import ArgumentParser

/// `speech-replay audio`: inspect and convert audio files.
struct AudioCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "audio",
    abstract: "Inspect and convert audio files (WAV, CAF, AIFF, FLAC, Ogg, MP3).",
    subcommands: [Info.self, Convert.self, Segments.self])
}
