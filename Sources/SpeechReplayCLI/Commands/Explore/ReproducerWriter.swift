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
  /// often it is called) and returns their summary lines, grouped by check: a check's findings
  /// (one per cause) together, in the order the checks were first found.
  func write(_ findings: [ExplorationFinding]) -> String {
    var entries: [String: [String]] = [:]
    var checks: [String] = []
    for (finding, entry) in zip(findings, writeFiles(findings)) {
      if entries[finding.signature] == nil { checks.append(finding.signature) }
      entries[finding.signature, default: []].append(entry)
    }
    return checks.map { check in
      let group = entries[check] ?? []
      let header = group.count > 1 ? "\(check): \(group.count) findings, one per cause\n" : ""
      return header + group.joined()
    }.joined()
  }

  /// The reproducers' file names under --out, in order: each finding its own file, never one of
  /// the explored scenarios.
  func fileNames(_ findings: [ExplorationFinding]) -> [String] {
    let folder = URL(fileURLWithPath: out)
    var inputs = OutputPaths()
    inputs.inputs(explored, what: "the scenario")
    var used = Set<String>()
    return findings.map { finding in
      var fileName = finding.fileName
      var suffix = 2
      while used.contains(fileName)
        || (try? inputs.checkNotInput(folder.appendingPathComponent(fileName).path, option: "--out")) == nil
      {
        fileName = "\((finding.fileName as NSString).deletingPathExtension)-\(suffix).yaml"
        suffix += 1
      }
      used.insert(fileName)
      return fileName
    }
  }

  /// Writes the reproducers and returns each finding's summary lines, in order.
  private func writeFiles(_ findings: [ExplorationFinding]) -> [String] {
    let folder = URL(fileURLWithPath: out)
    var entries: [String] = []
    for (finding, fileName) in zip(findings, fileNames(findings)) {
      var text = ""
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
      text += Self.headline(finding)
      text +=
        "  reproducer: \((out as NSString).appendingPathComponent(fileName)) (\(finding.stepCount) steps, \(finding.perturbations.count) perturbation\(finding.perturbations.count == 1 ? "" : "s"), shrunk in \(finding.shrinkRuns) runs)\n"
      for perturbation in finding.perturbations { text += "    \(perturbation)\n" }
      text += "  \(finding.failure.message.split(separator: "\n").first ?? "")\n"
      entries.append(text)
    }
    return entries
  }

  /// `FAIL check (run N, file): caused by …; 14 failing runs (3, 8, …)`, and the other checks the cause broke.
  static func headline(_ finding: ExplorationFinding) -> String {
    let runs =
      "\(finding.hits.count) failing run\(finding.hits.count == 1 ? "" : "s") (\(finding.hitList(withSeeds: false)))"
    var text =
      "FAIL \(finding.signature) (run \(finding.run), \(finding.scenarioFile)): caused by \(finding.cause); \(runs)\n"
    if !finding.alsoBroke.isEmpty {
      text += "  also broke: \(finding.alsoBroke.map(\.description).joined(separator: ", "))\n"
    }
    return text
  }
}
