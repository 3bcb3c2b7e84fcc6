import ArgumentParser
import AudioPCM
import Foundation
import SimulatedDevice
import Simulation
import SpeechReplay
import SpeechReplayImport

/// `speech-replay scenario`: write scenario files.
struct ScenarioCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scenario", abstract: "Write scenario files.", subcommands: [New.self])

  /// `speech-replay scenario new --from AUDIO --out FILE [--text "…" | --text-file F] [--segments F] [--stop-at T] [--device D]`.
  struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Write a scenario skeleton for a user's audio file: a device's microphone, one utterance per speech segment, start, play, stop.",
      discussion:
        "Segments come from the voice-activity detection of `speech-replay audio segments`, or from --segments. With --text, the sentences are kept whole and mapped to the segments; with --text-file, line N is segment N's text; otherwise each segment gets a placeholder to edit. The model holds finals as Apple's SpeechTranscriber does (a final only after a long pause, or on finalize). With --stop-at, the user taps stop at that time of the file and every word heard before it is expected committed, so a stack that cancels instead of finalizing fails. Times are written 2.9, 2.9s or 2900ms."
    )

    @Option(help: "The audio file (WAV, CAF, FLAC, AIFF).")
    var from: String

    @Option(help: "The scenario file to write (.yaml).")
    var out: String

    @Option(help: "What was said; its sentences are kept whole and mapped to the speech segments.")
    var text: String?

    @Option(help: ArgumentHelp("What was said, one line per speech segment.", valueName: "file"))
    var textFile: String?

    @Option(
      help: ArgumentHelp(
        "The speech segments, one 'start end' per line (the output of `audio segments`), instead of detecting them.",
        valueName: "file"))
    var segments: String?

    @Option(
      help: ArgumentHelp("When the user taps stop, as a time of the file (2.4, 2.4s, 2400ms).", valueName: "time"))
    var stopAt: String?

    @Option(
      help: ArgumentHelp(
        "The device: \(SkeletonDevice.all.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ")).",
        valueName: "name"))
    var device = SkeletonDevice.iphone.name

    @Option(
      help: ArgumentHelp(
        "How the model behaves: \(ModelProfile.all.map(\.name).joined(separator: ", ")) (Documentation/ModelBehaviour.md).",
        valueName: "profile"))
    var model = ModelProfile.speechTranscriber2026.name

    @Flag(help: "Replace FILE if it exists (never when it is the --from file).")
    var force = false

    func validate() throws {
      try PathCheck.checkReadable(from, what: "--from")
      if let textFile { try PathCheck.checkReadable(textFile, what: "--text-file") }
      if let segments { try PathCheck.checkReadable(segments, what: "--segments") }
      if text != nil && textFile != nil { throw ValidationError("give --text or --text-file, not both") }
      var paths = OutputPaths()
      paths.input(from, what: "the audio file")
      try paths.check(out, option: "--out", kind: .edited, force: force)
      if let stopAt, stopSeconds == nil {
        throw ValidationError("--stop-at \(stopAt) is not a time; write it as 2.4, 2.4s or 2400ms")
      }
      guard SkeletonDevice.named(device) != nil else {
        throw ValidationError(
          "--device \(device) is not a device profile; use one of \(SkeletonDevice.all.map(\.name).joined(separator: ", "))"
        )
      }
      guard ModelProfile.named(model) != nil else {
        throw ValidationError(
          "--model \(model) is not a model profile; use one of \(ModelProfile.all.map(\.name).joined(separator: ", "))")
      }
    }

    /// `--stop-at` in seconds.
    var stopSeconds: Double? { stopAt.flatMap { DurationText.parse($0) }.map(\.seconds) }

    /// The skeleton the options describe, with the text and segment files read.
    func skeleton() throws -> ScenarioSkeleton {
      var maker = ScenarioSkeleton(audioPath: from, text: text, stopAt: stopSeconds)
      maker.device = SkeletonDevice.named(device) ?? .iphone
      maker.profile = ModelProfile.named(model) ?? .speechTranscriber2026
      if let textFile {
        maker.lines = try Self.text(of: textFile, option: "--text-file").split(separator: "\n")
          .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
      }
      if let segments {
        maker.segments = try SpeechSegment.parseList(Self.text(of: segments, option: "--segments"), source: segments)
      }
      return maker
    }

    /// A text file's contents; one that is not UTF-8 (a binary file given by mistake) is said so,
    /// not as Foundation's "NSCocoaErrorDomain Code=259".
    static func text(of path: String, option: String) throws -> String {
      do { return try String(contentsOfFile: path, encoding: .utf8) } catch {
        let problem = FileProblem.reading(path) ?? "the file is not UTF-8 text"
        throw ScenarioSkeletonError("\(path): cannot read it (\(problem)); give \(option) a UTF-8 text file")
      }
    }

    func run() throws {
      do {
        let maker = try skeleton()
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
