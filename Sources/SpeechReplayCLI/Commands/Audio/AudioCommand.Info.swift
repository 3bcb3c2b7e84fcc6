import ArgumentParser
import AudioPCM

extension AudioCommand {
  /// `speech-replay audio info FILE...`: container, encoding, format, length and levels per file.
  struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print container, encoding, rate, channels, frames, duration, peak and RMS level of each file.",
      discussion:
        "A file that cannot be read is reported on standard error and the others are still shown; the exit status is 1 if any file failed."
    )

    @Argument(help: "Audio files to inspect.")
    var files: [String]

    func run() throws {
      var failures = 0
      for path in files {
        do {
          let summary = try AudioFileSummary(path: path)
          print(summary.text)
          for warning in summary.warnings { Failure.printWarning(warning) }
        } catch {
          failures += 1
          Failure.printError(error)
        }
      }
      if failures > 0 { throw ExitCode(Failure.exitCode) }
    }
  }
}
