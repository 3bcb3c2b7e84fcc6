import ArgumentParser
import AudioPCM
import Foundation
import SpeechReplay
import SpeechReplayImport

/// `speech-replay scenario`: write scenario files.
struct ScenarioCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scenario", abstract: "Write scenario files.", subcommands: [New.self])

  /// `speech-replay scenario new --from AUDIO --out FILE [--text "…"] [--stop-at T]`.
  struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Write a scenario skeleton for a user's audio file: its device format, one utterance per speech segment, start, play, stop.",
      discussion:
        "Segments come from the voice-activity detection of `speech-replay audio segments`. With --text, the words are spread over the segments by their length; otherwise each segment gets a placeholder to edit. With --stop-at, the user taps stop at that time of the file: the segment it cuts gets volatile results up to the stop with finalizeAs, and the steps play to the stop, take a snapshot and stop, so a stack that loses the last words at stop fails."
    )

    @Option(help: "The audio file (WAV, CAF, FLAC, AIFF).")
    var from: String

    @Option(help: "The scenario file to write (.yaml).")
    var out: String

    @Option(help: "What was said, spread over the speech segments by length.")
    var text: String?

    @Option(help: ArgumentHelp("When the user taps stop, as a time of the file (2.4s, 2400ms).", valueName: "time"))
    var stopAt: String?

    @Flag(help: "Replace FILE if it exists (never when it is the --from file).")
    var force = false

    func validate() throws {
      try PathCheck.checkReadable(from, what: "--from")
      var paths = OutputPaths()
      paths.input(from, what: "the audio file")
      try paths.check(out, option: "--out", kind: .edited, force: force)
      if let stopAt, stopSeconds == nil {
        throw ValidationError("--stop-at \(stopAt) is not a time; write it as 2.4s or 2400ms")
      }
    }

    /// `--stop-at` in seconds.
    var stopSeconds: Double? {
      stopAt.flatMap { DurationText.parse($0) }.map {
        Double($0.components.seconds) + Double($0.components.attoseconds) * 1e-18
      }
    }

    func run() throws {
      do {
        let maker = ScenarioSkeleton(audioPath: from, text: text, stopAt: stopSeconds)
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
