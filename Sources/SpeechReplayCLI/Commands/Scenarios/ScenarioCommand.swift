import ArgumentParser
import AudioPCM
import Foundation
import SpeechReplayImport

/// `speech-replay scenario`: write scenario files.
struct ScenarioCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scenario", abstract: "Write scenario files.", subcommands: [New.self])

  /// `speech-replay scenario new --from AUDIO --out FILE [--text "…"]`.
  struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a scenario skeleton for a user's audio file: its device format, one utterance per speech segment, start, play, stop.",
      discussion: "Segments come from the voice-activity detection of `speech-replay audio segments`. With --text, the words are spread over the segments by their length; otherwise each segment gets a placeholder to edit.")

    @Option(help: "The audio file (WAV, CAF, FLAC, AIFF).")
    var from: String

    @Option(help: "The scenario file to write (.yaml).")
    var out: String

    @Option(help: "What was said, spread over the speech segments by length.")
    var text: String?

    @Flag(help: "Replace FILE if it exists (never when it is the --from file).")
    var force = false

    func validate() throws {
      try PathCheck.checkReadable(from, what: "--from")
      var paths = OutputPaths()
      paths.input(from, what: "the audio file")
      try paths.check(out, option: "--out", kind: .edited, force: force)
    }

    func run() throws {
      do {
        let maker = ScenarioSkeleton(audioPath: from, text: text)
        let skeleton = try maker.render(scenarioPath: out)
        // A recording cut short still makes a skeleton, but the user should know, as `audio info` says.
        for warning in try maker.warnings() { Failure.printWarning(warning) }
        try FileReplacement.write(Data(skeleton.text.utf8), to: out)
        print("wrote \(out): \(skeleton.segments.count) speech segment\(skeleton.segments.count == 1 ? "" : "s")")
      } catch {
        Failure.printError(error)
        throw ExitCode(Failure.exitCode)
      }
    }
  }
}
