import ArgumentParser
import AudioPCM
import Foundation
import Simulation
import SpeechReplay
import SpeechReplayCapture
import SpeechReplayImport

extension CaptureCommand {
  /// `speech-replay capture import FILE --out DIR [--from T] [--to T]`.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Write a scenario that replays a capture: its audio, tap schedule, results, actions and UI timeline.",
      discussion: """
        DIR receives audio.caf (the tap buffers, lossless at the hardware rate), taps.tsv (the microphone's tap schedule), \
        timeline.tsv (the UI the device showed) and NAME.yaml, the scenario. Its expect block holds the final state the \
        device showed, marked observed: edit it into what should have happened. `speech-replay run DIR` replays it and \
        reports where the replay first differs from the device.
        """)

    @Argument(help: "The capture file (.speechcapture).")
    var file: String

    @Option(help: "The folder to write the scenario into (created when missing).")
    var out: String

    // `.unconditional`: `--from -5` is a bad time to explain, not a missing value followed by a flag.
    @Option(
      parsing: .unconditional,
      help: "Start of the window to import, in seconds of the capture's audio (e.g. 12.5 or 12.5s).")
    var from: String?

    @Option(parsing: .unconditional, help: "End of the window to import, in seconds of the capture's audio.")
    var to: String?

    @Option(help: "The scenario's name (and file name). Default: the capture's file name.")
    var name: String?

    @Flag(help: "Replace the scenario, audio and timeline files if DIR already holds them (never the capture itself).")
    var force = false

    /// Creates the output folder and takes it for this import: two imports into one folder would
    /// mix one's audio with the other's tap schedule.
    static func lockFolder(_ out: String) throws -> FolderLock {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: out, isDirectory: &isFolder), !isFolder.boolValue {
        throw ValidationError("--out \(out) is a file; name a folder")
      }
      do {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
      } catch {
        throw ValidationError("--out \(out): cannot create the folder (\(FileProblem.describe(error, path: out)))")
      }
      return try FolderLock(folder: out, option: "--out")
    }

    func validate() throws {
      // Before the checks: the output check's probe is a `.partial` file in the destination's folder,
      // and a Ctrl-C while it exists must remove it and end as an interruption, not kill the process.
      InterruptCleanup.install()
      try PathCheck.checkReadable(file)
      if let start = try Self.seconds(from, option: "--from"), let end = try Self.seconds(to, option: "--to"),
        end <= start
      {
        throw ValidationError(
          "--to \(to ?? "") is not after --from \(from ?? ""); give a window that ends after it starts")
      }
      // The files an import writes may have been edited since an earlier import: kept unless --force.
      var paths = OutputPaths()
      paths.input(file, what: "the capture")
      let scenarioName = name ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
      try paths.checkFolder(
        out, option: "--out", files: CaptureImporter.fileNames(scenarioName: scenarioName), kind: .edited, force: force)
    }

    func run() throws {
      InterruptCleanup.install()
      let created = !FileManager.default.fileExists(atPath: out)
      let lock = try Self.lockFolder(out)
      var imported = false
      defer {
        lock.release()
        // A failed import leaves no folder of its making behind: rmdir removes it only while empty.
        if !imported, created { rmdir(out) }
      }
      let capture: CaptureFile
      do {
        capture = try CaptureFile(url: URL(fileURLWithPath: file))
      } catch {
        InterruptCleanup.endIfInterrupted()  // a failure the signal's cleanup caused
        Failure.printError(error)
        throw ExitCode(Failure.exitCode)
      }
      CaptureCommand.noteSkippedKinds(of: capture, path: file)
      let options = CaptureImporter.Options(
        from: try Self.seconds(from, option: "--from"), to: try Self.seconds(to, option: "--to"), name: name)
      do {
        let output = try CaptureImporter(capture: capture, options: options).write(into: URL(fileURLWithPath: out))
        imported = true
        if !capture.damage.isNone { Failure.printNote("\(file): \(capture.damage)") }
        if let start = options.from, abs(output.windowStart - start) > 1e-6 {
          Failure.printNote(
            "the window starts at \(String(format: "%.3f", output.windowStart)) s, the start of the first tap at or after --from \(String(format: "%.3f", start)) s (a replay delivers whole taps)"
          )
        }
        print("wrote \(output.scenario.path)")
        print(
          "  \(output.buffers) tap buffers (\(String(format: "%.3f", output.duration)) s of audio), \(output.results) results, \(output.actions) actions, \(output.uiStates) UI states"
        )
        print("  run it: speech-replay run \(output.scenario.path)")
      } catch {
        InterruptCleanup.endIfInterrupted()  // a failure the signal's cleanup caused
        Failure.printError(error)
        throw ExitCode(Failure.exitCode)
      }
    }

    /// `12.5` or `12.5s` or `500ms` as seconds (``DurationText``, the one duration parser).
    static func seconds(_ text: String?, option: String) throws -> Double? {
      guard let text else { return nil }
      guard let duration = DurationText.parse(text) else {
        throw ValidationError(
          "\(option) '\(text)' is not a time; write seconds of the capture's audio, like 12.5 or 12.5s")
      }
      return duration.seconds
    }
  }
}
