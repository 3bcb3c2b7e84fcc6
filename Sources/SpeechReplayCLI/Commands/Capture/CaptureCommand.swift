import ArgumentParser

/// `speech-replay capture`: inspect captures from a device and turn them into scenarios.
struct CaptureCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "capture",
    abstract: "Inspect a .speechcapture file from a device, or import it as a scenario that replays it.",
    subcommands: [Info.self, Import.self])
}
