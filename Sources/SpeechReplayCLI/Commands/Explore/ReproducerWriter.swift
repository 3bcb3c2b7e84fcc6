import AudioPCM
import Foundation
import SpeechReplay

/// Writes an exploration's reproducers under `--out`, one file per finding, never one of the
/// explored scenarios, and returns their summary lines. The same findings give the same files
/// however often it is called, so each finding is written as soon as it is found and again, with
/// the final messages, at the end.
struct ReproducerWriter: Sendable {
  /// The `--out` folder as given.
  var out: String
  /// The explored scenario files.
  var explored: [String]
  /// The command that ran the exploration, for a reproducer's header.
  var foundBy: String
  /// The words of the command that runs a reproducer (`dictation-replay run`), before the file.
  var runCommand: [String]
  /// The words after the file (`--subject NAME`).
  var runOptions: [String]
  /// The workers' folder of perturbed scenarios, whose paths in a message become the reproducer's.
  var temporaryFolder: String?

  /// Writes a reproducer per finding under --out (the same file for the same finding however
  /// often it is called) and returns their summary lines.
  func write(_ findings: [ExplorationFinding]) -> String {
    let folder = URL(fileURLWithPath: out)
    var text = ""
    var inputs = OutputPaths()
    inputs.inputs(explored, what: "the scenario")
    var used = Set<String>()
    for finding in findings {
      // Each finding its own file, never one of the explored scenarios.
      var fileName = finding.fileName
      var suffix = 2
      while used.contains(fileName)
        || (try? inputs.checkNotInput(folder.appendingPathComponent(fileName).path, option: "--out")) == nil
      {
        fileName = "\((finding.fileName as NSString).deletingPathExtension)-\(suffix).yaml"
        suffix += 1
      }
      used.insert(fileName)
      let file = folder.appendingPathComponent(fileName)
      let shownPath = (out as NSString).appendingPathComponent(fileName)
      var finding = finding
      if let temporaryFolder {
        finding.failure.message = ExploreCommand.replacingTemporaryFiles(
          in: finding.failure.message, folder: temporaryFolder, with: ExploreCommand.shellQuoted(shownPath))
      }
      let reproducer = finding.reproducer(
        forFileIn: out, foundBy: foundBy,
        reproducedBy: (runCommand + [shownPath] + runOptions).map(ExploreCommand.shellQuoted).joined(separator: " "))
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileReplacement.write(Data(reproducer.utf8), to: file.path)
      } catch {
        // Checked before the exploration; if the folder went away since, the reproducer still reaches the user.
        Failure.printError(
          OrchestrationError(
            .unwritableReport,
            "\(file.path): cannot write the reproducer (\(Failure.line(for: error))); it follows on standard output"))
        text += reproducer
      }
      text += "FAIL \(finding.signature) (run \(finding.run), \(finding.scenarioFile))\n"
      text +=
        "  reproducer: \((out as NSString).appendingPathComponent(fileName)) (\(finding.stepCount) steps, \(finding.perturbations.count) perturbation\(finding.perturbations.count == 1 ? "" : "s"), shrunk in \(finding.shrinkRuns) runs)\n"
      for perturbation in finding.perturbations { text += "    \(perturbation)\n" }
      text += "  \(finding.failure.message.split(separator: "\n").first ?? "")\n"
    }
    return text
  }
}
