import ArgumentParser
import Simulation
import SpeechReplay
import SpeechReplayImport

extension AudioCommand {
  /// `speech-replay audio segments FILE`: where the voice-activity detector hears speech.
  struct Segments: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print each speech segment's start and end (energy-based voice-activity detection with hangover).",
      discussion:
        "The detector is described in Documentation/Captures.md. One line per segment: start<TAB>end in seconds, which `scenario new --segments` reads as it is (edit the times to move a cut)."
    )

    @Argument(help: "The audio file.")
    var file: String

    @Option(
      help: ArgumentHelp(
        "dB above the noise floor a frame must reach to count as speech (default 12).", valueName: "dB"))
    var threshold: Double?

    @Option(
      help: ArgumentHelp(
        "Quiet after which speech ends, as 0.3, 0.3s or 300ms (default 300ms); longer keeps pauses inside a segment.",
        valueName: "time"))
    var hangover: String?

    func validate() throws {
      try PathCheck.checkReadable(file)
      if let threshold, !(threshold > 0 && threshold <= 60) {
        throw ValidationError("--threshold \(threshold) is out of range; give dB above the noise floor, from 1 to 60")
      }
      if let hangover, DurationText.parse(hangover).map({ $0 > .zero }) != true {
        throw ValidationError("--hangover \(hangover) is not a time longer than 0; write it as 0.3, 0.3s or 300ms")
      }
    }

    /// The detector with the options applied.
    var detector: VoiceActivityDetector {
      var detector = VoiceActivityDetector()
      if let threshold { detector.thresholdAboveFloor = threshold }
      if let seconds = hangover.flatMap(DurationText.parse)?.seconds { detector.hangover = seconds }
      return detector
    }

    func run() throws {
      do {
        let detection = try detector.segments(ofFileAt: file)
        for warning in detection.warnings { Failure.printWarning(warning) }
        for segment in detection.segments { print(String(format: "%.3f\t%.3f", segment.start, segment.end)) }
        Failure.printNote(
          "\(file): \(detection.segments.count) speech segment\(detection.segments.count == 1 ? "" : "s") in \(String(format: "%.3f", detection.duration)) s (noise floor \(Int(detection.noiseFloor.rounded())) dBFS, threshold \(Int(detection.threshold.rounded())) dBFS)"
        )
      } catch {
        Failure.printError(error)
        throw ExitCode(Failure.exitCode)
      }
    }
  }
}
