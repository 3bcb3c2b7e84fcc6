import ArgumentParser
import SpeechReplayImport

extension AudioCommand {
  /// `speech-replay audio segments FILE`: where the voice-activity detector hears speech.
  struct Segments: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print each speech segment's start and end (energy-based voice-activity detection with hangover).",
      discussion:
        "The detector is described in Documentation/Captures.md. One line per segment: start<TAB>end in seconds.")

    @Argument(help: "The audio file.")
    var file: String

    func validate() throws { try PathCheck.checkReadable(file) }

    func run() throws {
      do {
        let detection = try VoiceActivityDetector().segments(ofFileAt: file)
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
