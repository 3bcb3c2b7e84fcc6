import ArgumentParser
import Foundation
import SpeechReplayCapture

extension CaptureCommand {
  /// `speech-replay capture info FILE...`: device, formats, duration, buffers, results, actions, gaps, damage.
  struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print a capture's device, formats, duration, buffers, results, actions, gaps and damage.",
      discussion:
        "A file that cannot be read is reported on standard error and the others are still shown; the exit status is 1 if any file failed."
    )

    @Argument(help: "Capture files (.speechcapture).")
    var files: [String]

    func run() throws {
      InterruptCleanup.install()
      var failures = 0
      for (index, path) in files.enumerated() {
        do {
          let capture = try CaptureFile(url: URL(fileURLWithPath: path))
          if files.count > 1 { print("\(index > 0 ? "\n" : "")\(path):") }
          // The device's texts (model, locale, results) reach the terminal with their control characters visible.
          print(ConsoleText.visible("\(capture.summary)", limit: .max))
          CaptureCommand.noteSkippedKinds(of: capture, path: path)
        } catch {
          failures += 1
          Failure.printError(error)
        }
      }
      if failures > 0 { throw ExitCode(Failure.exitCode) }
    }
  }
}
